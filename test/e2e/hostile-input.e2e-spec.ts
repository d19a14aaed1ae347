import http from 'node:http';
import { ApiClient, TestOrganization, createOrganization } from './support/client';
import { call, withKey } from './support/mcp';
import { REPOSITORIES, uniqueRepo } from './support/repos';
import { ERROR_SHAPE, shapeViolations } from './support/shapes';
import { stackInfo } from './support/stack-info';

const portal = (slug: string) => `/public/portals/${slug}/intake`;

async function openPortal(): Promise<TestOrganization> {
  const org = await createOrganization();
  expect((await org.api.patch('/api/v1/organization', { portalEnabled: true })).status).toBe(200);
  return org;
}

function expectRefused(response: { status: number; body: unknown }, field?: string): void {
  expect(response.status).toBe(400);
  expect(shapeViolations(response.body, ERROR_SHAPE)).toEqual([]);
  if (field) expect(Object.keys((response.body as { details: object }).details)).toContain(field);
}

function nested(depth: number): string {
  return `{"title":"Deep","type":"TASK","description":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

describe('characters PostgreSQL cannot store', () => {
  it.each([
    ['a NUL character', 'a\u0000bc'],
    ['a lone high surrogate', 'ab\ud800c'],
    ['a lone low surrogate', 'ab\udc00c'],
  ])('%s in a body field is 400 on every kind of route, and nothing is written', async (_label, bad) => {
    const org = await openPortal();
    const anonymous = new ApiClient(stackInfo().apiUrl);
    expectRefused(await org.api.post('/api/v1/annual-goals', { title: bad }), 'title');
    expectRefused(await org.api.post('/api/v1/work-items', { title: bad, type: 'TASK' }), 'title');
    expectRefused(await org.api.post('/api/v1/work-items', { title: 'Fine', type: 'TASK', description: `x${bad}` }), 'description');
    expectRefused(await org.api.post('/api/v1/intake', { kind: 'BUG', title: 'Fine title', description: bad }), 'description');
    expectRefused(await anonymous.post(portal(org.organization.slug), { kind: 'BUG', title: bad, submitterName: 'P', submitterEmail: 'p@example.com' }), 'title');
    // In a field name too.
    expectRefused(await org.api.post('/api/v1/work-items', { title: 'Fine', type: 'TASK', [`x${bad}`]: 1 }));
    expect((await org.api.get('/api/v1/annual-goals')).body).toEqual([]);
    expect((await org.api.get('/api/v1/work-items')).body).toEqual([]);
    expect((await org.api.get('/api/v1/intake')).body).toEqual([]);
  });

  it('a NUL in a query value or a path segment is 400, with or without a key', async () => {
    const org = await openPortal();
    const anonymous = new ApiClient(stackInfo().apiUrl);
    expectRefused(await org.api.get('/api/v1/work-items?q=a%00b'), 'q');
    expectRefused(await org.api.get('/api/v1/work-items/WI-1%00'), 'id');
    expectRefused(await anonymous.get(`/public/portals/${org.organization.slug}%00/intake`), 'slug');
    // A percent-encoded surrogate is no UTF-8: the query parser reads it as U+FFFD, an ordinary character.
    expect((await org.api.get('/api/v1/work-items?q=a%ED%A0%80b')).status).toBe(200);
  });

  it('a path parameter longer than the router takes, or a malformed escape, is 400 with the error body', async () => {
    const org = await openPortal();
    for (const path of [`/api/v1/work-items/${'x'.repeat(500)}`, '/api/v1/work-items/%E0%A4%A']) {
      const response = await org.api.get(path);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 400,
        body: { error: 'BadRequest', message: expect.any(String) },
      });
    }
  });
});

/** Every name a plain object answers to through Object.prototype, and `prototype`: each was once a 500 as a body key. */
const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];
const JSON_HEADERS = { 'content-type': 'application/json' };

/** `body` with `name` added as an own key (an object literal would set the prototype for `__proto__`). */
function jsonWith(body: object, name: string, value: unknown): string {
  return JSON.stringify(Object.defineProperty({ ...body }, name, { value, enumerable: true }));
}

describe('field names of Object.prototype members', () => {
  interface WriteRoute {
    method: 'POST' | 'PATCH';
    path: string;
    body: Record<string, unknown>;
    client: ApiClient;
  }

  /** One valid body per write route named in the issue, the keyless portal included. */
  async function writeRoutes(org: TestOrganization): Promise<WriteRoute[]> {
    const item = (await org.api.post('/api/v1/work-items', { title: 'Target item', type: 'TASK' })).body;
    const repository = (await org.api.post(REPOSITORIES, { provider: 'GITHUB', fullName: uniqueRepo() })).body;
    const anonymous = new ApiClient(stackInfo().apiUrl);
    const keyed = (method: 'POST' | 'PATCH', path: string, body: Record<string, unknown>): WriteRoute => ({ method, path, body, client: org.api });
    return [
      keyed('POST', '/api/v1/work-items', { title: 'ok title', type: 'TASK' }),
      keyed('PATCH', `/api/v1/work-items/${item.id}`, { title: 'ok title' }),
      keyed('POST', '/api/v1/annual-goals', { title: 'ok goal' }),
      keyed('POST', '/api/v1/opportunities', { title: 'ok opportunity' }),
      keyed('POST', '/api/v1/intake', { kind: 'BUG', title: 'ok intake' }),
      keyed('POST', '/api/v1/webhooks', { url: 'https://example.com/hook', events: ['work_item.created'] }),
      keyed('POST', REPOSITORIES, { provider: 'GITHUB', fullName: uniqueRepo() }),
      keyed('PATCH', `${REPOSITORIES}/${repository.id}`, { active: true }),
      keyed('POST', '/api/v1/labels', { name: 'ok-label', color: '#aabbcc' }),
      keyed('PATCH', '/api/v1/organization', { portalEnabled: true }),
      { method: 'POST', path: portal(org.organization.slug), body: { kind: 'BUG', title: 'ok portal', submitterName: 'P', submitterEmail: 'p@example.com' }, client: anonymous },
    ];
  }

  async function countsOf(org: TestOrganization): Promise<number[]> {
    const lists = ['/api/v1/work-items', '/api/v1/annual-goals', '/api/v1/opportunities', '/api/v1/intake', '/api/v1/webhooks', REPOSITORIES, '/api/v1/labels'];
    return Promise.all(lists.map(async (path) => ((await org.api.get(path)).body as unknown[]).length));
  }

  it('in an object at any depth, or inside an array, is 400 naming the enclosing field on every write route, with or without a key', async () => {
    const org = await openPortal();
    const routes = await writeRoutes(org);
    const before = await countsOf(org);
    for (const { method, path, body, client } of routes) {
      for (const name of PROTOTYPE_NAMES) {
        const values: [string, string][] = [
          [jsonWith({}, name, 'y'), 'x.__proto__'],
          [`[${jsonWith({ a: 1 }, name, { b: 2 })}]`, 'x[0].__proto__'],
          [`{"deeper":${jsonWith({}, name, [1])}}`, 'x.deeper.__proto__'],
        ];
        for (const [x, protoPath] of values) {
          const response = await client.request(method, path, undefined, { rawBody: `${JSON.stringify(body).slice(0, -1)},"x":${x}}`, headers: JSON_HEADERS });
          // "__proto__" is refused where the body is parsed, by its own path; any other name as part of the unknown x.
          const field = name === '__proto__' ? protoPath : 'x';
          expect({ method, path, x, status: response.status, body: response.body }).toEqual({
            method,
            path,
            x,
            status: 400,
            body: { error: 'BadRequest', message: `Invalid body: ${field}`, details: { [field]: [`property ${field} should not exist`] } },
          });
        }
      }
    }
    for (const name of PROTOTYPE_NAMES.filter((n) => n !== '__proto__')) {
      const response = await org.api.post('/api/v1/work-items', undefined, { rawBody: `{"title":"ok title","type":"TASK","labelIds":[${jsonWith({}, name, 'x')}]}`, headers: JSON_HEADERS });
      expect({ name, status: response.status, fields: Object.keys(response.body.details ?? {}) }).toEqual({ name, status: 400, fields: ['labelIds'] });
    }
    expect(await countsOf(org)).toEqual(before);
  });

  it('at the top level is refused as an unknown field, the same way as any other name, in a body or a query', async () => {
    const org = await openPortal();
    const anonymous = new ApiClient(stackInfo().apiUrl);
    const item = { title: 'ok title', type: 'TASK' };
    const portalBody = { kind: 'BUG', title: 'ok portal', submitterName: 'P', submitterEmail: 'p@example.com' };
    for (const name of [...PROTOTYPE_NAMES, 'notAField']) {
      const refused = (source: string) => ({ error: 'BadRequest', message: `Invalid ${source}: ${name}`, details: { [name]: [`property ${name} should not exist`] } });
      for (const value of ['x', 1, { prototype: { polluted: true } }, null]) {
        const created = await org.api.post('/api/v1/work-items', undefined, { rawBody: jsonWith(item, name, value), headers: JSON_HEADERS });
        expect({ name, value, status: created.status, body: created.body }).toEqual({ name, value, status: 400, body: refused('body') });
      }
      const submitted = await anonymous.post(portal(org.organization.slug), undefined, { rawBody: jsonWith(portalBody, name, 'x'), headers: JSON_HEADERS });
      expect({ name, status: submitted.status, body: submitted.body }).toEqual({ name, status: 400, body: refused('body') });
      const listed = await org.api.get(`/api/v1/work-items?limit=5&${encodeURIComponent(name)}=x`);
      expect({ name, status: listed.status, body: listed.body }).toEqual({ name, status: 400, body: refused('query') });
    }
    expect((await org.api.get('/api/v1/work-items')).body).toEqual([]);
    expect((await org.api.get('/api/v1/intake')).body).toEqual([]);
  });

  it('inside a known nested object is refused with its path, beside the other bad fields', async () => {
    const org = await createOrganization();
    const goal = (await org.api.post('/api/v1/annual-goals', { title: 'Goal' })).body;
    const cycle = (await org.api.post('/api/v1/planning-cycles', { name: 'Cycle' })).body;
    const repository = (await org.api.post(REPOSITORIES, { provider: 'GITHUB', fullName: uniqueRepo() })).body;
    for (const name of PROTOTYPE_NAMES.filter((n) => n !== '__proto__')) {
      const keyResult = jsonWith({ title: 'KR' }, name, 1);
      const ckr = await org.api.post('/api/v1/ckrs', undefined, {
        rawBody: `{"title":"x","annualGoalId":"${goal.id}","planningCycleIds":["${cycle.id}"],"keyResults":[${keyResult}]}`,
        headers: JSON_HEADERS,
      });
      expect({ name, status: ckr.status, details: ckr.body.details }).toEqual({
        name,
        status: 400,
        details: { title: [expect.any(String)], [`keyResults.0.${name}`]: [`property keyResults.0.${name} should not exist`] },
      });
      const patched = await org.api.patch(`${REPOSITORIES}/${repository.id}`, undefined, { rawBody: `{"automations":${jsonWith({ onPullRequestMerged: 'DONE' }, name, 'x')}}`, headers: JSON_HEADERS });
      expect({ name, status: patched.status, details: patched.body.details }).toEqual({
        name,
        status: 400,
        details: { [`automations.${name}`]: [`property automations.${name} should not exist`] },
      });
    }
    expect((await org.api.get('/api/v1/ckrs')).body).toEqual([]);
    expect((await org.api.get(`${REPOSITORIES}/${repository.id}`)).body.automations.onPullRequestMerged).toBeNull();
  });

  it('in MCP tool arguments is refused as an unknown field naming it (invalid arguments, or the services\' BadRequest), never an internal error', async () => {
    const org = await createOrganization();
    const client = await withKey(org.apiKey);
    const cases: [string, Record<string, unknown>, string][] = [];
    for (const name of PROTOTYPE_NAMES.filter((n) => n !== '__proto__')) {
      cases.push(['save_discovery_record', { type: 'insight', fields: JSON.parse(`{"title":"ok insight","x":${jsonWith({}, name, 'y')}}`) }, 'body.x']);
      cases.push(['save_discovery_record', { type: 'opportunity', fields: JSON.parse(jsonWith({ title: 'ok opportunity' }, name, 'y')) }, `body.${name}`]);
      cases.push(['list_records', { type: 'okrs', filters: JSON.parse(jsonWith({}, name, 'x')) }, `query.${name}`]);
    }
    for (const [tool, args, field] of cases) {
      const result = await call(client, tool, args);
      const text = (result.content[0] as { text: string }).text;
      // The typed arguments (strict objects) refuse an unknown key before any service is asked: the
      // SDK's invalid-arguments error names it. What gets past them reaches the services' validation.
      const key = field.split('.').pop() as string;
      const refusal = text.startsWith('MCP error -32602') ? { invalidArguments: text.includes(`"${key}"`) } : JSON.parse(text);
      const expected = text.startsWith('MCP error -32602')
        ? { invalidArguments: true }
        : expect.objectContaining({ error: 'BadRequest', details: { [field]: [`property ${field} should not exist`] } });
      expect({ tool, args, isError: result.isError, refusal }).toEqual({ tool, args, isError: true, refusal: expected });
    }
    expect((await org.api.get('/api/v1/insights')).body).toEqual([]);
    expect((await org.api.get('/api/v1/opportunities')).body).toEqual([]);
    await client.close();
  });
});

describe('deeply nested JSON', () => {
  it('is refused by the parser with 400, on the API and on the portal, and nothing is written', async () => {
    const org = await openPortal();
    const anonymous = new ApiClient(stackInfo().apiUrl);
    const headers = { 'content-type': 'application/json' };
    for (const depth of [65, 5000]) {
      expectRefused(await org.api.post('/api/v1/work-items', undefined, { rawBody: nested(depth), headers }));
      const portalBody = `{"kind":"BUG","title":"Deep one","submitterName":"P","submitterEmail":"p@example.com","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      expectRefused(await anonymous.post(portal(org.organization.slug), undefined, { rawBody: portalBody, headers }));
    }
    expect((await org.api.get('/api/v1/work-items')).body).toEqual([]);
    // 64 levels pass the parser and meet the DTO's own rules (description must be a string).
    expect((await org.api.post('/api/v1/work-items', undefined, { rawBody: nested(62), headers })).body.details).toHaveProperty('description');
  });
});

describe('numbers and dates beyond what the columns hold', () => {
  it.each([
    ['/api/v1/work-items', { title: 'Big', type: 'TASK', estimate: 3_000_000_000 }, 'estimate'],
    ['/api/v1/work-items', { title: 'Big', type: 'TASK', storyPoints: 3_000_000_000 }, 'storyPoints'],
    ['/api/v1/opportunities', { title: 'Big reach', reach: 3_000_000_000 }, 'reach'],
    ['/api/v1/opportunities', { title: 'Big effort', effort: 3_000_000_000 }, 'effort'],
    ['/api/v1/work-items', { title: 'Old', type: 'TASK', dueDate: '0000-01-01' }, 'dueDate'],
    ['/api/v1/interviews', { title: 'Ancient', participant: 'P', conductedAt: '0000-01-01T00:00:00Z' }, 'conductedAt'],
  ])('POST %s with %j is 400', async (path, body, field) => {
    const org = await createOrganization();
    expectRefused(await org.api.post(path, body), field);
  });

  it('accepts the largest integer a column holds and refuses updatedSince outside years 1–9999', async () => {
    const org = await createOrganization();
    const created = await org.api.post('/api/v1/work-items', { title: 'Max', type: 'TASK', estimate: 2_147_483_647 });
    expect(created.status).toBe(200);
    expect(created.body.estimate).toBe(2_147_483_647);
    expectRefused(await org.api.patch(`/api/v1/work-items/${created.body.id}`, { estimate: 2_147_483_648 }), 'estimate');
    expectRefused(await org.api.get('/api/v1/work-items?updatedSince=0000-01-01T00:00:00Z'), 'updatedSince');
    expect((await org.api.get('/api/v1/work-items?updatedSince=0001-01-01T00:00:00Z')).status).toBe(200);
  });
});

describe('cursors that decode but carry a bad value', () => {
  const forged = (sortValue: string, id = '7f0b5b1c-3f6e-4c39-9a4e-0d5a3c1b2e10') =>
    Buffer.from(JSON.stringify(['c1', sortValue, id])).toString('base64url');

  it.each(['/api/v1/work-items', '/api/v1/intake', '/api/v1/changelog', '/api/v1/sprints', '/api/v1/labels', '/api/v1/ckrs', '/api/v1/users', '/api/v1/webhooks', '/api/v1/webhooks/deliveries'])(
    'GET %s refuses them with 400 instead of a 500 or page one',
    async (path) => {
      const org = await createOrganization();
      for (const sortValue of ['not-a-date', 'NaN', '1e400', '0000-01-01T00:00:00.000Z']) {
        expectRefused(await org.api.get(`${path}?cursor=${forged(sortValue)}`), 'cursor');
      }
    },
  );

  it("a cursor of a list ordered by time is refused by a list ordered by key, and the other way round", async () => {
    const org = await createOrganization();
    for (let i = 0; i < 3; i += 1) await org.api.post('/api/v1/work-items', { title: `Item ${i}`, type: 'TASK' });
    for (let i = 0; i < 3; i += 1) await org.api.post('/api/v1/labels', { name: `label-${i}`, color: '#aabbcc' });
    const workItemCursor = (await org.api.get('/api/v1/work-items?limit=1')).headers.get('x-next-cursor') as string;
    const labelCursor = (await org.api.get('/api/v1/labels?limit=1')).headers.get('x-next-cursor') as string;
    expect((await org.api.get(`/api/v1/work-items?limit=1&cursor=${workItemCursor}`)).body[0].key).toBe('WI-2');
    expectRefused(await org.api.get(`/api/v1/work-items?cursor=${labelCursor}`), 'cursor');
    expectRefused(await org.api.get(`/api/v1/labels?cursor=${workItemCursor}`), 'cursor');
  });
});

describe('a body over the limit', () => {
  /** Streams `size` bytes like a client that does not wait for an early answer. */
  function postLarge(size: number): Promise<string> {
    const url = new URL('/api/v1/work-items', stackInfo().apiUrl);
    return new Promise((resolve) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': size, 'x-api-key': 'pos_sk_x' } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(`${response.statusCode} ${JSON.parse(text).error}`));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`));
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const write = (): void => {
        while (sent < size) {
          const n = Math.min(chunk.length, size - sent);
          sent += n;
          if (!request.write(chunk.subarray(0, n))) return void request.once('drain', write);
        }
        request.end();
      };
      write();
    });
  }

  it('always gets its 413, never a reset connection', async () => {
    const outcomes = [];
    for (let i = 0; i < 6; i += 1) outcomes.push(await postLarge(i % 2 ? 3 * 1024 * 1024 : 20 * 1024 * 1024));
    expect(outcomes).toEqual(Array(6).fill('413 PayloadTooLarge'));
  });
});

describe('concurrent re-parenting', () => {
  it('never forms a cycle: of two moves that would close one, one is refused', async () => {
    const org = await createOrganization();
    const pairs = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const a = (await org.api.post('/api/v1/work-items', { title: `A ${i}`, type: 'TASK' })).body;
        const b = (await org.api.post('/api/v1/work-items', { title: `B ${i}`, type: 'TASK' })).body;
        return [a.id as string, b.id as string] as const;
      }),
    );
    const moves = await Promise.all(
      pairs.map(([a, b]) => Promise.all([org.api.patch(`/api/v1/work-items/${a}`, { parentId: b }), org.api.patch(`/api/v1/work-items/${b}`, { parentId: a })])),
    );
    for (const [first, second] of moves) {
      expect([first.status, second.status].sort()).toEqual([200, 400]);
      const refused = first.status === 400 ? first : second;
      expect(refused.body.details.parentId).toEqual(['this parent would create a cycle']);
    }
    for (const [a, b] of pairs) {
      const [ra, rb] = await Promise.all([org.api.get(`/api/v1/work-items/${a}`), org.api.get(`/api/v1/work-items/${b}`)]);
      expect(ra.body.parentId === b && rb.body.parentId === a).toBe(false);
    }
  });
});
