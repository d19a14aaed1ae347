import type { OpenAPIObject } from '@nestjs/swagger';
import { addProse, proseProblems, recordOf } from './prose';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- documents as parsed JSON

function documentWith(schemas: Json, paths: Json): OpenAPIObject {
  return { openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas } } as OpenAPIObject;
}

const SCHEMAS: Json = {
  LabelRef: { type: 'object', description: 'A label.', required: ['id', 'name'], properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } } },
  WorkItemResponse: {
    type: 'object',
    required: ['id', 'key', 'status', 'dueDate', 'labels', 'parent'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      key: { type: 'string' },
      status: { type: 'string', enum: ['BACKLOG', 'TODO'] },
      dueDate: { type: ['string', 'null'], format: 'date' },
      labels: { type: 'array', items: { $ref: '#/components/schemas/LabelRef' } },
      parent: { $ref: '#/components/schemas/LabelRef', description: 'Its own words' },
    },
  },
  CreateWorkItemDto: {
    type: 'object',
    required: ['title'],
    properties: { title: { type: 'string', minLength: 2, maxLength: 200 }, estimate: { type: 'integer', minimum: 0 }, ckrId: { type: 'string', format: 'uuid' } },
  },
};

const PATHS: Json = {
  '/api/v1/work-items': {
    post: {
      operationId: 'WorkItem_create',
      summary: 'Create a work item',
      description: 'Creates one.',
      requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateWorkItemDto' } } } },
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/WorkItemResponse' } } } } },
    },
    get: {
      operationId: 'WorkItem_list',
      summary: 'List work items',
      description: 'Lists them.',
      parameters: [
        { name: 'status', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
        { name: 'limit', in: 'query', schema: { type: 'integer' } },
      ],
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/WorkItemResponse' } } } } } },
    },
  },
  '/api/v1/work-items/{id}': {
    get: { operationId: 'WorkItem_get', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } },
  },
};

describe('OpenAPI prose', () => {
  it('names the record of a schema or an operation the way the glossary does', () => {
    expect(['CreateWorkItemDto', 'WorkItemResponse', 'UpdateWorkItemDto', 'WorkItem_list', 'WorkItemStatusChangedData', 'IntakeSubmissionResponse', 'Portal_list'].map(recordOf)).toEqual([
      'WorkItem',
      'WorkItem',
      'WorkItem',
      'WorkItem',
      'WorkItem',
      'Intake',
      'Intake',
    ]);
  });

  it('describes fields and parameters from the glossary, the record-specific entry first, keeping their own words', () => {
    const document = documentWith(structuredClone(SCHEMAS), structuredClone(PATHS)) as Json;
    addProse(document as OpenAPIObject);
    const item = document.components.schemas.WorkItemResponse.properties;
    expect(item.status.description).toMatch(/^Where the work item is on the board/);
    expect(item.key.description).toMatch(/^Human key/);
    expect(item.parent.description).toBe('Its own words');
    const [status, limit] = document.paths['/api/v1/work-items'].get.parameters;
    expect(status.description).toMatch(/^Only records whose `status` is this\. Several values: comma-separated or repeated/);
    expect(limit.description).toMatch(/^Records per page: default 100, at most 500/);
    expect(document.paths['/api/v1/work-items/{id}'].get.parameters[0].description).toMatch(/uuid, or its human key/);
  });

  it('composes examples from the fields: the glossary by name, else by type and format, within the constraints', () => {
    const document = documentWith(structuredClone(SCHEMAS), structuredClone(PATHS)) as Json;
    addProse(document as OpenAPIObject);
    const created = document.paths['/api/v1/work-items'].post.responses['200'].content['application/json'].example;
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      key: 'WI-42',
      // The glossary's IN_PROGRESS is not among this schema's values: the first value instead.
      status: 'BACKLOG',
      dueDate: '2026-05-15',
      labels: [{ id: expect.any(String), name: 'payments' }],
      parent: { id: expect.any(String), name: 'payments' },
    });
    // Distinct records get distinct ids.
    expect(created.labels[0].id).not.toBe(created.id);
    // A request shows what it needs and the typical optional fields, not every uuid it could take.
    expect(document.paths['/api/v1/work-items'].post.requestBody.content['application/json'].example).toEqual({
      title: 'Remember the last payment method at checkout',
      estimate: 6,
    });
    expect(document.paths['/api/v1/work-items'].get.responses['200'].content['application/json'].example).toEqual([created]);
  });

  it('names every gap: operations without words, fields and parameters without a description, bodies without an example', () => {
    const document = documentWith(structuredClone(SCHEMAS), structuredClone(PATHS));
    expect(proseProblems(document)).toEqual(
      expect.arrayContaining([
        "field WorkItemResponse.status has no description (Field.*({ description }) or FIELD_GLOSSARY['WorkItem.status'] / ['status'])",
        'request body of POST /api/v1/work-items has no example',
        '200 answer of POST /api/v1/work-items has no example',
        'operation GET /api/v1/work-items/{id} has no summary (@Doc(summary, description, { requires }))',
        "parameter limit (query) of GET /api/v1/work-items has no description (FIELD_GLOSSARY['WorkItem.limit'] / ['limit'])",
      ]),
    );
    expect(proseProblems(document)).toContain("schema CreateWorkItemDto has no description (@ApiSchema({ description }) on the class, or SCHEMA_GLOSSARY['CreateWorkItemDto'])");
    addProse(document);
    expect(proseProblems(document)).toEqual(['operation GET /api/v1/work-items/{id} has no summary (@Doc(summary, description, { requires }))']);
    expect((document as Json).components.schemas.CreateWorkItemDto.description).toBe('What creating a work item takes.');
    expect((document as Json).components.schemas.WorkItemResponse.description).toBe('A work item, as the API answers it.');
  });
});
