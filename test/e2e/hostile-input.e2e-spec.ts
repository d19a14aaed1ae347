import http from 'node:http';
import { ApiClient, TestOrganization, createOrganization } from './support/client';
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
