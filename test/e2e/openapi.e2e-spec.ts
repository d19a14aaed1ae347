import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppName, repoRoot } from '../../tools/stack';
import { eventually } from './support/eventually';
import { OPENAPI_DOCUMENT_FILE, exampleProblems, isUndocumentedRoute } from './support/openapi';
import { DELIVERY_CASES } from './permissions/delivery.table';
import { IDENTITY_CASES } from './permissions/identity.table';
import { REPO_CASES } from './permissions/repos.table';
import { STRATEGY_CASES } from './permissions/strategy.table';
import { WEBHOOK_CASES } from './permissions/webhooks.table';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { stackInfo } from './support/stack-info';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the document as parsed JSON

/** Nest logs each route it maps at debug: `Mapped {/api/v1/work-items/:id, GET} route`. */
function mappedRoutes(logFile: string): string[] {
  const routes: string[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    const match = /Mapped \{(\S+), (\w+)\} route/.exec(line);
    if (match) routes.push(`${match[2]} ${match[1].replace(/:(\w+)/g, '{$1}')}`);
  }
  return routes;
}


function documentedRoutes(document: Json): string[] {
  return Object.entries(document.paths as Json).flatMap(([template, item]) => Object.keys(item as Json).map((method) => `${method.toUpperCase()} ${template}`));
}

describe('OpenAPI document and /docs', () => {
  const { apiUrl, mode } = stackInfo();

  it('GET /api/v1/openapi.json needs no key and is a valid OpenAPI 3.1 document (redocly lint)', async () => {
    const response = await fetch(`${apiUrl}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    const document = JSON.parse(text) as Json;
    expect(document.openapi).toBe('3.1.0');
    // The bytes the build wrote, served as they are.
    expect(document).toEqual(JSON.parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8')));
    expect(document.components.securitySchemes.apiKey).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }));
    expect(Object.keys(document.webhooks).sort()).toEqual(
      ['changelog.published', 'ckr.created', 'ckr.updated', 'experiment.concluded', 'intake.created', 'opportunity.created', 'ping', 'record.deleted', 'record.restored', 'work_item.created', 'work_item.status_changed', 'work_item.updated'].sort(),
    );
    const file = path.join(os.tmpdir(), `pds-openapi-${process.pid}.json`);
    writeFileSync(file, text);
    const lint = execFileSync(path.join(repoRoot, 'node_modules/.bin/redocly'), ['lint', '--config', path.join(repoRoot, 'redocly.yaml'), file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(lint).not.toMatch(/error/i);
  });

  it('documents the contract details: nullable fields required, the error body, paging and rate-limit headers', () => {
    const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8')) as Json;
    const workItem = document.components.schemas.WorkItemResponse;
    expect(workItem.required).toEqual(expect.arrayContaining(['description', 'estimate', 'dueDate', 'sprintId', 'labels']));
    expect(workItem.properties.description.type).toEqual(['string', 'null']);
    expect(document.components.schemas.ApiErrorBody.required).toEqual(['error', 'message']);
    const list = document.paths['/api/v1/work-items'].get;
    expect(Object.keys(list.responses['200'].headers)).toEqual(expect.arrayContaining(['Link', 'X-Next-Cursor', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
    expect(document.components.responses.TooManyRequests.headers['Retry-After']).toBeDefined();
    expect(list.security).toEqual([{ apiKey: [] }]);
    const create = document.components.schemas.CreateWorkItemDto;
    expect(create.required).toEqual(['title', 'type']);
    expect(create.properties.title).toEqual({ type: 'string', minLength: 2, maxLength: 200, description: 'Short title, shown in lists.' });
    expect(create.properties.labelIds).toEqual(expect.objectContaining({ maxItems: 50, items: { type: 'string', format: 'uuid' } }));
  });

  it('shows a valid example for every JSON request body, success answer and webhook payload', () => {
    const { checked, problems } = exampleProblems();
    expect(problems).toEqual([]);
    // Every body and success answer has one (lint:openapi enforces that); this is their number today.
    expect(checked).toBeGreaterThan(150);
  });

  it('describes every operation with the roles of the permissions table, and the security schemes as they are', () => {
    const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8')) as Json;
    const update = document.paths['/api/v1/work-items/{id}'].patch;
    expect(update.summary).toBe('Update a work item');
    expect(update.description).toContain('Roles: ADMIN, PM, DEV (permission `delivery.write`).');
    expect(update.description).toContain('`work_item.status_changed`');
    expect(update['x-permission']).toBe('delivery.write');
    expect(document.paths['/api/v1/users'].get.description).toContain('Roles: ADMIN (permission `identity.manage`).');
    expect(document.paths['/api/v1/work-items'].get.parameters.every((parameter: Json) => typeof parameter.description === 'string')).toBe(true);
    expect(document.components.schemas.WorkItemResponse.properties.classification.description).toMatch(/`ckr`.*`maintenance`.*`unclassified`/);
    expect(document.components.securitySchemes.operatorToken).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(document.components.securitySchemes.operatorToken.bearerFormat).toBeUndefined();
    for (const internal of ['/health', '/ready', '/version', '/metrics', '/docs', '/docs/init.js', '/docs/{asset}']) expect(document.paths[internal]).toBeUndefined();
  });

  it("states the roles each operation allows as the permission matrix (permissions.e2e-spec's table) exercises them", () => {
    const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8')) as Json;
    const documented = new Map<string, Json>();
    for (const [template, item] of Object.entries(document.paths as Json)) {
      for (const [method, operation] of Object.entries(item as Json)) documented.set(`${method.toUpperCase()} ${template.replace(/\{[^}]+\}/g, '{}')}`, operation as Json);
    }
    const rows = [...IDENTITY_CASES, ...STRATEGY_CASES, ...DELIVERY_CASES, ...WEBHOOK_CASES, ...REPO_CASES];
    const compared = rows.map((row) => {
      const [method, path] = row.operation.split(' ');
      const operation = documented.get(`${method} /api/v1${path.replace(/\{[^}]+\}/g, '{}')}`);
      const roles = /Roles: ([A-Z, ]+) \(/.exec(String(operation?.description ?? ''))?.[1].split(', ');
      return { operation: row.operation, documented: roles ?? 'not documented', exercised: [...row.allowed] };
    });
    expect(compared.filter((row) => JSON.stringify(row.documented) !== JSON.stringify(row.exercised))).toEqual([]);
    expect(compared.length).toBeGreaterThan(60);
  });

  describe('every route the service registers is documented, and nothing else', () => {
    let stack: IsolatedStack;
    const apps: AppName[] = mode === 'standalone' ? ['standalone'] : ['api-gateway', 'repo-receiver', 'mcp-server'];

    beforeAll(async () => {
      stack = await startIsolatedStack({ env: { LOG_LEVEL: 'debug' }, apps });
    }, 120_000);
    afterAll(() => stack?.stop());

    it('compares the routes Nest mapped with the paths of the document', async () => {
      // The apps' output reaches the log files through this process: wait for each start-up line.
      for (const app of apps) {
        await eventually(() => readFileSync(stack.logFile(app), 'utf8'), { until: (log) => /listening on/.test(log), what: `${app}'s start-up line` });
      }
      const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT_FILE, 'utf8')) as Json;
      const mapped = new Set(apps.flatMap((app) => mappedRoutes(stack.logFile(app))));
      expect(mapped.size).toBeGreaterThan(50);
      const documented = new Set(documentedRoutes(document));
      // Internal routes are mapped but left out on purpose, and only they (docs/observability.md).
      const internal = [...mapped].filter((route) => isUndocumentedRoute(route.split(' ')[0], route.split(' ')[1]));
      expect(internal).toEqual(expect.arrayContaining(['GET /health', 'GET /ready', 'GET /version', 'GET /metrics', 'GET /docs', 'GET /docs/init.js']));
      expect([...mapped].filter((route) => !documented.has(route) && !internal.includes(route))).toEqual([]);
      expect([...documented].filter((route) => isUndocumentedRoute(route.split(' ')[0], route.split(' ')[1]))).toEqual([]);
      expect([...documented].filter((route) => route.startsWith('OPTIONS '))).toEqual([]);
      expect([...documented].filter((route) => !mapped.has(route))).toEqual([]);
      // Every operation says what it answers on success (the portal pages' form posts: 303 to the
      // result); GET and DELETE /mcp and POST /register (no OAuth: it only says why a key was
      // refused, docs/mcp.md) have none.
      for (const route of documented) {
        const [method, template] = route.split(' ');
        const responses = Object.keys(document.paths[template][method.toLowerCase()].responses);
        const neverSucceeds = template === '/mcp' || template === '/register';
        expect({ route, success: responses.some((status) => /^(2\d\d|303)$/.test(status)) || neverSucceeds }).toEqual({ route, success: true });
      }
    });
  });

  it('/docs is an HTML page whose scripts and styles come from the same server', async () => {
    const page = await fetch(`${apiUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/docs\//);
      const response = await fetch(`${apiUrl}${asset}`);
      expect({ asset, status: response.status }).toEqual({ asset, status: 200 });
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    const init = await (await fetch(`${apiUrl}/docs/init.js`)).text();
    expect(init).toContain('/api/v1/openapi.json');
    expect((await fetch(`${apiUrl}/docs/..%2Fpackage.json`)).status).toBe(404);
  });
});
