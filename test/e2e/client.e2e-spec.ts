/**
 * The typed client (@pds/client), generated from the served document, against the started stack:
 * a change of the document that breaks its users breaks this spec (it is typechecked, and every
 * answer is validated against the document as in every spec).
 */
import { randomBytes } from 'node:crypto';
import { PdsApiError, createPdsClient } from '@pds/client';
import { ApiClient, TestOrganization, createOrganization } from './support/client';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { stackInfo } from './support/stack-info';

async function rejection(promise: Promise<unknown>): Promise<PdsApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PdsApiError);
  return error as PdsApiError;
}

describe('@pds/client against the stack', () => {
  let org: TestOrganization;
  beforeAll(async () => {
    org = await createOrganization();
  });
  const client = () => createPdsClient({ baseUrl: stackInfo().apiUrl, apiKey: org.apiKey });

  it('creates, reads by key and by id, updates and lists with typed bodies', async () => {
    const pds = client();
    const { data: label } = await pds.POST('/labels', { body: { name: 'client', color: '#123456' } });
    const { data: created } = await pds.POST('/work-items', { body: { title: 'Typed', type: 'BUG', priority: 'HIGH', labelIds: [label.id] } });
    expect(created).toMatchObject({ title: 'Typed', type: 'BUG', priority: 'HIGH', labels: [{ id: label.id, name: 'client', color: '#123456' }] });
    const byKey = await pds.GET('/work-items/{id}', { params: { path: { id: created.key } } });
    expect(byKey.data.id).toBe(created.id);
    const { data: updated } = await pds.PATCH('/work-items/{id}', { params: { path: { id: created.id } }, body: { status: 'IN_PROGRESS' } });
    expect(updated.status).toBe('IN_PROGRESS');
    const { data: listed } = await pds.GET('/work-items', { params: { query: { labelId: label.id } } });
    expect(listed.map((item) => item.id)).toEqual([created.id]);
  });

  it('paginates a list page by page, every item once and in order', async () => {
    const other = await createOrganization();
    const pds = createPdsClient({ baseUrl: stackInfo().apiUrl, apiKey: other.apiKey });
    const keys: string[] = [];
    for (let n = 0; n < 7; n++) keys.push((await pds.POST('/work-items', { body: { title: `Page item ${n}`, type: 'TASK' } })).data.key);
    const seen: string[] = [];
    for await (const item of pds.paginate('/work-items', { query: { limit: 3 } })) seen.push(item.key);
    expect(seen).toEqual(keys);
    const newest: string[] = [];
    for await (const item of pds.paginate('/work-items', { query: { limit: 2, sort: '-key' } })) newest.push(item.key);
    expect(newest).toEqual([...keys].reverse());
  });

  it('rejects refusals with PdsApiError: status, error, message and details of the body', async () => {
    const pds = client();
    const invalid = await rejection(pds.POST('/work-items', { body: { title: '', type: 'TASK' } }));
    expect(invalid).toMatchObject({ status: 400, error: 'BadRequest' });
    expect(invalid.details).toHaveProperty('title');
    const missing = await rejection(pds.GET('/work-items/{id}', { params: { path: { id: 'WI-999999' } } }));
    expect(missing).toMatchObject({ status: 404, error: 'NotFound' });
    expect(missing.message).toEqual(expect.any(String));
    const anonymous = await rejection(createPdsClient({ baseUrl: stackInfo().apiUrl, apiKey: `pos_sk_${randomBytes(32).toString('base64url')}` }).GET('/labels'));
    expect(anonymous.status).toBe(401);
  });

  it('gives a POST an Idempotency-Key and keeps it for the retry: a create whose answer was lost is not made twice', async () => {
    const fresh = await createOrganization();
    let calls = 0;
    const keys: (string | null)[] = [];
    const pds = createPdsClient({
      baseUrl: stackInfo().apiUrl,
      apiKey: fresh.apiKey,
      // The first answer is lost on the way back (a proxy's 503): the service did create the item.
      fetch: async (request: Request) => {
        keys.push(request.headers.get('idempotency-key'));
        const response = await fetch(request);
        calls += 1;
        return calls === 1 ? new Response(null, { status: 503, headers: { 'retry-after': '0' } }) : response;
      },
    });
    const { data: item } = await pds.POST('/work-items', { body: { title: 'Exactly once', type: 'TASK' } });
    expect(calls).toBe(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const { data: all } = await pds.GET('/work-items');
    expect(all.map((w) => w.id)).toEqual([item.id]);
  });
});

describe('@pds/client and the rate limit', () => {
  let stack: IsolatedStack;
  beforeAll(async () => {
    stack = await startIsolatedStack({ apps: ['api-gateway'], env: { RATE_LIMIT_PER_MINUTE: '3' } });
  }, 120_000);
  afterAll(() => stack?.stop());

  it('does not wait out a Retry-After longer than it allows: the 429 rejects at once with its error body', async () => {
    // The limit counts per clock minute: start well inside one, so the refusals share it.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
    const org = await createOrganization(undefined, stack.url);
    const pds = createPdsClient({ baseUrl: stack.url, apiKey: org.apiKey, retry: { maxDelayMs: 1000 } });
    const direct = new ApiClient(stack.url, { 'x-api-key': org.apiKey });
    let status = 200;
    for (let i = 0; i < 10 && status !== 429; i++) status = (await direct.get('/api/v1/users')).status;
    expect(status).toBe(429);
    const started = Date.now();
    const refused = await rejection(pds.GET('/users'));
    expect(refused).toMatchObject({ status: 429, error: expect.any(String) });
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
