import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import * as contracts from '@pds/contracts';
import { API_VERSION, ApiErrorBody, WEBHOOK_EVENT_DATA, WebhookEventEnvelope } from '@pds/contracts';
import { addProse } from './prose';
import { documentValidatedClasses } from './validation-schema';

type Json = Record<string, unknown>;

export const OPENAPI_PATH = '/api/v1/openapi.json';

const DESCRIPTION = `Multi-tenant product-management service: strategy (goals, OKRs), discovery (interviews,
insights, opportunities, solutions, experiments), delivery (work items, relations, sprints),
stakeholder intake, outbound webhooks and repository receivers.

Every \`/api/v1\` request carries \`x-api-key\`; a key belongs to one organization and acts with
one role. \`{id}\` in a path is the record's uuid or its human key (\`WI-42\`, case-insensitive).
Every failure answers \`{error, message, details?}\`; an unknown path is 404 with that body.
Lists are JSON arrays paged with \`limit\`/\`cursor\`; the next page is announced in \`Link\` and
\`X-Next-Cursor\`. Every \`POST\` takes an \`Idempotency-Key\` header (24 h, per API key).

In the distributed run \`/hooks\` is served by the repo-receiver and \`/mcp\` by the mcp-server;
in the standalone run everything is on one port.`;

const RATE_LIMIT_HEADERS: Json = {
  'RateLimit-Limit': { description: 'Requests allowed per minute', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
};

const ERROR_RESPONSES: Record<string, { name: string; description: string; headers?: Json }> = {
  '400': { name: 'BadRequest', description: 'Invalid input; `details` names every failing field' },
  '401': { name: 'Unauthorized', description: 'Missing or invalid credentials' },
  '403': { name: 'Forbidden', description: "The key's role may not do this" },
  '404': { name: 'NotFound', description: "No such record in the caller's organization (or no such path)" },
  '409': { name: 'Conflict', description: 'The record changed since `expectedUpdatedAt`, or a concurrent change got in the way' },
  '413': { name: 'PayloadTooLarge', description: 'The body is larger than this endpoint accepts' },
  '415': { name: 'UnsupportedMediaType', description: 'Bodies must be `application/json`' },
  '422': { name: 'UnprocessableEntity', description: 'The `Idempotency-Key` was already used with another request' },
  '429': {
    name: 'TooManyRequests',
    description: 'Rate limit exceeded (or too many failed authentications from this address)',
    headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } }, ...RATE_LIMIT_HEADERS },
  },
  '503': {
    name: 'ServiceUnavailable',
    description: 'A dependency (database, message bus) is not reachable right now, or a repository receiver holds as many unverified bodies as it may; retry',
    headers: { 'Retry-After': { description: 'Seconds to wait, when known', schema: { type: 'integer' } } },
  },
};

/** Which failures each kind of route can answer, by who it serves. */
function errorStatuses(path: string, method: string): string[] {
  const writes = method !== 'get' && method !== 'head';
  const body = method === 'post' || method === 'patch' || method === 'put';
  if (path === OPENAPI_PATH || ['/health', '/ready', '/version'].includes(path)) return [];
  if (path.startsWith('/api/v1/')) {
    return ['400', '401', '403', '404', ...(writes ? ['409'] : []), ...(body ? ['413', '415'] : []), ...(method === 'post' ? ['422'] : []), '429', '503'];
  }
  if (path.startsWith('/public/')) return ['400', '404', ...(body ? ['409', '413', '415'] : []), '429', '503'];
  if (path.startsWith('/operator/')) return ['400', '401', '409', '413', '415', '422', '429', '503'];
  if (path.startsWith('/hooks/')) return ['400', '401', '404', '413', '503'];
  return [];
}

function errorComponents(document: OpenAPIObject): void {
  const responses = (document.components!.responses ??= {}) as Json;
  for (const { name, description, headers } of Object.values(ERROR_RESPONSES)) {
    responses[name] = {
      description,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${ApiErrorBody.name}` } } },
    };
  }
}

function* operations(document: OpenAPIObject): Generator<[string, string, Json]> {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item as Json)) {
      if (['get', 'post', 'put', 'patch', 'delete', 'head', 'options'].includes(method)) yield [path, method, operation as Json];
    }
  }
}

function completeOperations(document: OpenAPIObject): void {
  for (const [path, method, operation] of operations(document)) {
    // `WorkItem_list` → `Work item: list`, unless the route wrote its own.
    if (!operation.summary && typeof operation.operationId === 'string') {
      const [resource, action] = operation.operationId.split('_');
      operation.summary = `${resource.replace(/(?<=[a-z])([A-Z])/g, ' $1').replace(/(?<= )[A-Z](?=[a-z])/g, (c) => c.toLowerCase())}: ${action.replace(/([A-Z])/g, ' $1').toLowerCase()}`;
    }
    // Probes, this document and the public portal are open; the hooks check the provider's
    // signature (a header, not a reusable credential, so no security scheme describes it).
    operation.security ??= [];
    const responses = operation.responses as Json;
    // The contract answers 200 to every success, creations included.
    if (responses['201'] && responses['200']) delete responses['201'];
    const keyed = path.startsWith('/api/v1/') && path !== OPENAPI_PATH;
    if (keyed || path.startsWith('/public/')) {
      for (const [status, response] of Object.entries(responses)) {
        if (status.startsWith('2')) (response as Json).headers = { ...RATE_LIMIT_HEADERS, ...((response as Json).headers as Json) };
      }
    }
    for (const status of errorStatuses(path, method)) {
      responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
    }
    if (method === 'post' && (keyed || path === '/operator/organizations')) {
      const parameters = ((operation.parameters as Json[] | undefined) ??= []);
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Retries with the same key and body within 24 h get the stored answer instead of doing the work again; the same key with another body is 422',
        schema: { type: 'string', minLength: 1, maxLength: 255 },
      });
    }
  }
}

/**
 * @nestjs/swagger writes OpenAPI 3.0's `nullable: true`; OpenAPI 3.1 is JSON Schema 2020-12,
 * where null is a type of its own.
 */
function toJsonSchemaNullability(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchemaNullability);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = toJsonSchemaNullability(value);
  if (!('nullable' in out)) return out;
  const nullable = out.nullable === true;
  delete out.nullable;
  if (!nullable) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    return out;
  }
  const { description, ...schema } = out;
  return { ...(description ? { description } : {}), anyOf: [schema, { type: 'null' }] };
}

function webhooks(): Json {
  const result: Json = {};
  for (const [event, model] of Object.entries(WEBHOOK_EVENT_DATA)) {
    result[event] = {
      post: {
        summary: `${event} event`,
        description: 'Signed with `X-SVC-Signature: sha256=<hex HMAC-SHA256 of the raw body, keyed with the subscription secret>`; answer 2xx quickly.',
        operationId: `webhook_${event.replace(/\W/g, '_')}`,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: `#/components/schemas/${WebhookEventEnvelope.name}` },
                  {
                    type: 'object',
                    properties: {
                      event: { const: event, description: `Always \`${event}\` here.` },
                      // allOf: a description beside a $ref would be ignored by readers that resolve it.
                      data: { description: 'The record after the change, as the REST API answers it.', allOf: [{ $ref: `#/components/schemas/${model.name}` }] },
                    },
                  },
                ],
              },
            },
          },
        },
        security: [],
        responses: { '200': { description: 'Any 2xx acknowledges the delivery; anything else is retried with backoff' } },
      },
    };
  }
  return result;
}

/** Message-handler payloads of other controllers get explored too; only what a route or webhook names stays. */
function dropUnreferencedSchemas(document: OpenAPIObject): void {
  const schemas = document.components!.schemas as Json;
  const { components, ...rest } = document as unknown as Json;
  const reachable = new Set<string>([ApiErrorBody.name]);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!reachable.has(name)) {
          reachable.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(rest);
  visit((components as Json).responses);
  for (const name of Object.keys(schemas)) if (!reachable.has(name)) delete schemas[name];
}

/** Query strings and headers are never JSON null; IsOptional's null only matters in bodies. */
function withoutNull(schema: Json): Json {
  if (!Array.isArray(schema.type)) return schema;
  const types = (schema.type as string[]).filter((type) => type !== 'null');
  const out: Json = { ...schema, type: types.length === 1 ? types[0] : types };
  if (Array.isArray(schema.enum)) out.enum = (schema.enum as unknown[]).filter((value) => value !== null);
  return out;
}

function nonNullParameters(document: OpenAPIObject): void {
  for (const [, , operation] of operations(document)) {
    for (const parameter of (operation.parameters as Json[] | undefined) ?? []) {
      if (parameter.schema) parameter.schema = withoutNull(parameter.schema as Json);
    }
  }
}

export interface OpenApiDocumentOptions {
  version: string;
}

/**
 * The OpenAPI 3.1 document of every route the app registered: @nestjs/swagger reads the
 * controllers and the contracts' classes; this adds what is the same on every route (errors, rate
 * limit headers, Idempotency-Key), the webhooks, the 3.1 form of nullability, and the words and
 * examples the glossary and the fields' examples give (prose.ts).
 */
export function buildOpenApiDocument(app: INestApplication, options: OpenApiDocumentOptions): OpenAPIObject {
  documentValidatedClasses(Object.values(contracts));
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Product Delivery Service')
    .setDescription(DESCRIPTION)
    .setVersion(`${options.version} (interface ${API_VERSION})`)
    .addServer('/', 'The server this document was fetched from')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key', description: 'An API key (`pos_sk_…`); it names the organization and the role' }, 'apiKey')
    .addSecurity('operatorToken', {
      // A random string the operator configures, not a JWT: no bearerFormat.
      type: 'http',
      scheme: 'bearer',
      description: 'The operator token (`OPERATOR_TOKEN`), for bootstrapping organizations: `Authorization: Bearer <token>`',
    })
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ApiErrorBody, WebhookEventEnvelope, ...Object.values(WEBHOOK_EVENT_DATA)],
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  errorComponents(document);
  completeOperations(document);
  (document as unknown as Json).webhooks = webhooks();
  dropUnreferencedSchemas(document);
  const result = toJsonSchemaNullability(document) as OpenAPIObject;
  nonNullParameters(result);
  addProse(result);
  return result;
}
