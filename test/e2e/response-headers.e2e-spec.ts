/**
 * Security headers on every edge (gateway, repo-receiver, mcp-server; one port in standalone):
 * `X-Content-Type-Options: nosniff` on every answer, `Cache-Control: no-store` on everything under
 * `/api/v1`, `/operator` and `/mcp`, where keys and secrets are shown. Refusals count: Fastify's
 * own (malformed URL, body too large), unknown paths, and the MCP route, which writes its answer
 * past Fastify. (support/validate-responses.ts checks the same on every response of the suite.)
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { ApiClient, ApiResponse, createOrganization, operatorClient, uniqueName } from './support/client';
import { INITIALIZE, rawMcp } from './support/mcp';
import { WEBHOOKS } from './support/receiver';
import { REPOSITORIES, receiverClient, uniqueRepo } from './support/repos';
import { stackInfo } from './support/stack-info';

type Answer = Pick<ApiResponse, 'status' | 'headers'>;

/** Bytes fetch would never send: the raw answer, headers and body. */
function rawHttp(baseUrl: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

function expectSecretSafe(answer: Answer, status: number): void {
  expect({ status: answer.status, cache: answer.headers.get('cache-control'), sniff: answer.headers.get('x-content-type-options') }).toEqual({
    status,
    cache: 'no-store',
    sniff: 'nosniff',
  });
}

function expectNosniff(answer: Answer, status: number): void {
  expect({ status: answer.status, sniff: answer.headers.get('x-content-type-options') }).toEqual({ status, sniff: 'nosniff' });
}

describe('response headers', () => {
  it('every answer that shows a key or a secret is no-store: bootstrap, created keys, webhook and repository secrets', async () => {
    const email = `headers-${randomUUID().slice(0, 8)}@example.com`;
    const bootstrap = await operatorClient().post('/operator/organizations', { name: uniqueName('Headers'), adminEmail: email });
    expectSecretSafe(bootstrap, 200);
    expect(bootstrap.body.apiKey).toMatch(/^pos_sk_/);

    const org = await createOrganization();
    expectSecretSafe(await org.api.post('/api/v1/api-keys', { name: 'Another' }), 200);
    expectSecretSafe(await org.api.post('/api/v1/me/api-keys', { name: 'Mine' }), 200);
    const hook = await org.api.post(WEBHOOKS, { url: 'http://127.0.0.1:9/hook', events: ['work_item.created'] });
    expectSecretSafe(hook, 200);
    expectSecretSafe(await org.api.post(`${WEBHOOKS}/${hook.body.id}/rotate-secret`), 200);
    const repository = await org.api.post(REPOSITORIES, { provider: 'GITHUB', fullName: uniqueRepo() });
    expectSecretSafe(repository, 200);
    expectSecretSafe(await org.api.post(`${REPOSITORIES}/${repository.body.id}/rotate-secret`), 200);
    // Reads and the document under /api/v1 too: one rule for the whole prefix.
    expectSecretSafe(await org.api.get('/api/v1/work-items'), 200);
    expectSecretSafe(await new ApiClient(stackInfo().apiUrl).get('/api/v1/openapi.json'), 200);
  });

  it('refusals of every kind carry the headers: 401, 404, 413, a malformed URL, an unknown path, a wrong operator token', async () => {
    const anonymous = new ApiClient(stackInfo().apiUrl);
    const org = await createOrganization();
    expectSecretSafe(await anonymous.get('/api/v1/work-items'), 401);
    expectSecretSafe(await org.api.get(`/api/v1/work-items/${randomUUID()}`), 404);
    expectSecretSafe(await org.api.get('/api/v1/no-such-thing'), 404);
    expectSecretSafe(await org.api.get('/api/v1/work-items/%E0%A4%A'), 400);
    const large = await org.api.post('/api/v1/work-items', undefined, {
      rawBody: JSON.stringify({ title: 'Large', type: 'TASK', description: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expectSecretSafe(large, 413);
    // From an address of its own: wrong tokens count against the client address.
    const wrongToken = new ApiClient(stackInfo().apiUrl, { authorization: 'Bearer wrong-token-wrong-token', 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 250)}` });
    expectSecretSafe(await wrongToken.post('/operator/organizations', { name: 'No', adminEmail: 'no@example.com' }), 401);
    expectNosniff(await anonymous.get('/no-such-path'), 404);
    expectNosniff(await anonymous.get('/docs'), 200);
    expectNosniff(await anonymous.get('/public/portals/no-such-organization/intake'), 404);
  });

  it('the MCP endpoint answers with both headers, also after handing the response to the SDK', async () => {
    const org = await createOrganization();
    expectSecretSafe(await rawMcp('POST', { 'x-api-key': org.apiKey }, INITIALIZE), 200);
    expectSecretSafe(await rawMcp('POST', {}, INITIALIZE), 401);
    expectSecretSafe(await rawMcp('GET', { 'x-api-key': org.apiKey }), 405);
  });

  it('every app of the stack answers nosniff, on its probes, an unknown path and the repository receivers', async () => {
    for (const url of Object.values(stackInfo().appUrls)) {
      const client = new ApiClient(url);
      expectNosniff(await client.get('/health'), 200);
      expectNosniff(await client.get('/version'), 200);
      expectNosniff(await client.get(`/no-such-path-${randomUUID()}`), 404);
    }
    const hook = await receiverClient().post(`/hooks/github/${randomUUID()}`, { zen: 'hi' }, { headers: { 'x-github-event': 'ping', 'x-hub-signature-256': 'sha256=00' } });
    expectNosniff(hook, hook.status);
    expect([401, 404]).toContain(hook.status);
  });

  it('requests the HTTP parser refuses get nosniff too: headers over the size limit, malformed HTTP', async () => {
    const oversized = await rawHttp(stackInfo().apiUrl, `GET /api/v1/work-items HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(oversized).toMatch(/^HTTP\/1\.1 431 /);
    expect(oversized.toLowerCase()).toContain('\r\nx-content-type-options: nosniff\r\n');
    const malformed = await rawHttp(stackInfo().apiUrl, 'GET /api/v1/work-items HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(malformed.toLowerCase()).toContain('\r\nx-content-type-options: nosniff\r\n');
  });
});
