import { AddressInfo } from 'node:net';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
import { PdsApiError, createPdsClient, retryAfterMs, retryingFetch } from './index';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A tiny real server: each request is recorded and answered by the test's handler. */
async function serve(handler: (seen: Seen, res: ServerResponse) => void): Promise<{ origin: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(entry);
      handler(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function stack(handler: (seen: Seen, res: ServerResponse) => void) {
  const served = await serve(handler);
  servers.push(served.server);
  return served;
}

describe('@pds/client against a local server', () => {
  it('sends the key, retries a 429 after its Retry-After with the same Idempotency-Key, and answers the created body', async () => {
    const { origin, seen } = await stack((request, res) =>
      seen.length === 1 ? json(res, 429, { error: 'TooManyRequests', message: 'slow down' }, { 'retry-after': '0' }) : json(res, 201, { id: 'l1', name: 'bug', color: '#ff0000' }),
    );
    const client = createPdsClient({ baseUrl: origin, apiKey: 'pos_sk_test' });
    const { data } = await client.POST('/labels', { body: { name: 'bug', color: '#ff0000' } });
    expect(data).toEqual({ id: 'l1', name: 'bug', color: '#ff0000' });
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => [s.method, s.url, s.headers['x-api-key']])).toEqual([
      ['POST', '/api/v1/labels', 'pos_sk_test'],
      ['POST', '/api/v1/labels', 'pos_sk_test'],
    ]);
    expect(seen[0].headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1].headers['idempotency-key']).toBe(seen[0].headers['idempotency-key']);
    expect(JSON.parse(seen[1].body)).toEqual({ name: 'bug', color: '#ff0000' });
  });

  it('waits what Retry-After asks on 503, gives up after its attempts and rejects with the last answer', async () => {
    const { origin, seen } = await stack((_request, res) => json(res, 503, { error: 'ServiceUnavailable', message: 'busy' }, { 'retry-after': '2' }));
    const waits: number[] = [];
    const send = retryingFetch({ retry: { attempts: 3 }, sleep: async (ms) => void waits.push(ms) });
    const response = await send(new Request(`${origin}/api/v1/work-items`));
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(3);
    expect(waits).toEqual([2000, 2000]);
    expect(seen.every((s) => s.headers['idempotency-key'] === undefined)).toBe(true);
  });

  it('does not retry a wait longer than it allows, nor other statuses', async () => {
    const { origin, seen } = await stack((request, res) =>
      request.url.endsWith('/long') ? json(res, 429, { error: 'TooManyRequests', message: 'later' }, { 'retry-after': '3600' }) : json(res, 500, { error: 'InternalError', message: 'x' }),
    );
    const send = retryingFetch({ sleep: async () => undefined });
    expect((await send(new Request(`${origin}/long`))).status).toBe(429);
    expect((await send(new Request(`${origin}/other`))).status).toBe(500);
    expect(seen).toHaveLength(2);
  });

  it('keeps an Idempotency-Key the caller chose', async () => {
    const { origin, seen } = await stack((_request, res) => json(res, 201, { id: 'x' }));
    await retryingFetch()(new Request(`${origin}/x`, { method: 'POST', body: '{}', headers: { 'idempotency-key': 'mine' } }));
    expect(seen[0].headers['idempotency-key']).toBe('mine');
  });

  it('rejects with a PdsApiError carrying the status and the error body', async () => {
    const { origin } = await stack((_request, res) => json(res, 400, { error: 'BadRequest', message: 'sort field "nope" is not one of key', details: { sort: ['bad'] } }));
    const client = createPdsClient({ baseUrl: origin, apiKey: 'k' });
    const failure = await client.GET('/work-items', { params: { query: { sort: 'nope' } } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PdsApiError);
    expect(failure).toMatchObject({ status: 400, error: 'BadRequest', message: 'sort field "nope" is not one of key', details: { sort: ['bad'] } });
  });

  it('turns a body that is not the API error shape into a PdsApiError with its text', async () => {
    const { origin } = await stack((_request, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    const failure = await createPdsClient({ baseUrl: origin }).GET('/labels').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 502, error: 'Http502', message: 'bad gateway' });
  });

  it('pages through X-Next-Cursor, Link and {data, nextCursor} lists, each item once and in order', async () => {
    const pages: Record<string, { items: number[]; next?: string }> = { '': { items: [1, 2], next: 'c2' }, c2: { items: [3], next: 'c3' }, c3: { items: [4] } };
    const { origin, seen } = await stack((request, res) => {
      const url = new URL(request.url, 'http://x');
      const page = pages[url.searchParams.get('cursor') ?? ''];
      const items = page.items.map((n) => ({ id: `id-${n}` }));
      if (url.pathname === '/api/v1/webhooks/deliveries') return json(res, 200, { data: items, nextCursor: page.next ?? null });
      const headers: Record<string, string> = {};
      // The first page announces its successor in X-Next-Cursor, the second only in Link.
      if (page.next && page.next === 'c2') headers['x-next-cursor'] = page.next;
      if (page.next && page.next === 'c3') headers.link = `<${url.pathname}?sort=-updatedAt&cursor=${page.next}>; rel="next"`;
      json(res, 200, items, headers);
    });
    const client = createPdsClient({ baseUrl: origin, apiKey: 'k' });
    const ids: string[] = [];
    for await (const item of client.paginate('/work-items', { query: { sort: '-updatedAt', status: ['TODO', 'DONE'] } })) ids.push(item.id);
    expect(ids).toEqual(['id-1', 'id-2', 'id-3', 'id-4']);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/v1/work-items?sort=-updatedAt&status=TODO&status=DONE',
      '/api/v1/work-items?sort=-updatedAt&status=TODO&status=DONE&cursor=c2',
      '/api/v1/work-items?sort=-updatedAt&status=TODO&status=DONE&cursor=c3',
    ]);
    const deliveries: string[] = [];
    for await (const delivery of client.paginate('/webhooks/deliveries')) deliveries.push(delivery.id);
    expect(deliveries).toEqual(['id-1', 'id-2', 'id-3', 'id-4']);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});
