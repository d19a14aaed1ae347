import { createOrganization, keyClient } from './support/client';
import { eventually } from './support/eventually';
import { startGatewayReplica } from './support/replicas';
import { ERROR_SHAPE, shapeViolations } from './support/shapes';
import { stackInfo } from './support/stack-info';

describe('gateway', () => {
  it('gives every response a request id and keeps a sane incoming one', async () => {
    const org = await createOrganization();
    const generated = await org.api.get('/api/v1/work-items');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await org.api.get('/api/v1/work-items', { headers: { 'x-request-id': 'trace-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const error = await org.api.get('/api/v1/nowhere', { headers: { 'x-request-id': 'trace-404' } });
    expect(error.headers.get('x-request-id')).toBe('trace-404');
  });

  it('answers unknown routes with the error shape', async () => {
    const org = await createOrganization();
    const response = await org.api.get('/api/v1/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('NotFound');
    expect(shapeViolations(response.body, ERROR_SHAPE)).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"title": "x",', 400],
    ['a JSON array', '[{"title":"Fine","type":"TASK"}]', 400],
    ['a JSON string', '"text"', 400],
  ])('answers %s with 400 and the error shape', async (_label, raw, status) => {
    const org = await createOrganization();
    const response = await org.api.post('/api/v1/work-items', undefined, { rawBody: raw, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(status);
    expect(response.body.error).toBe('BadRequest');
    expect(shapeViolations(response.body, ERROR_SHAPE)).toEqual([]);
  });

  it('answers a non-JSON content type with a 4xx', async () => {
    const org = await createOrganization();
    const response = await org.api.post('/api/v1/work-items', undefined, { rawBody: 'title=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([400, 415]).toContain(response.status);
    expect(shapeViolations(response.body, ERROR_SHAPE)).toEqual([]);
  });

  it('refuses a body over 1 MiB with 413 and writes nothing', async () => {
    const org = await createOrganization();
    const title = 'x'.repeat(1024 * 1024);
    const response = await org.api.post('/api/v1/work-items', { title, type: 'TASK' });
    expect(response.status).toBe(413);
    expect(response.body.error).toBe('PayloadTooLarge');
    expect((await org.api.get('/api/v1/work-items')).body).toEqual([]);
  });
});

describe('rate limit', () => {
  /** Windows are clock minutes; start well inside one so the test cannot straddle two. */
  async function awayFromMinuteEdge(): Promise<void> {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
  }

  it('allows 100 requests per minute per key across gateway replicas, then answers 429', async () => {
    const replicas = await Promise.all([startGatewayReplica({ RATE_LIMIT_PER_MINUTE: '100' }), startGatewayReplica({ RATE_LIMIT_PER_MINUTE: '100' })]);
    try {
      // In standalone a "replica" is an instance with its own data: replicas share data and a
      // budget only in the distributed run, so standalone sends all 100 through the first one.
      const shared = stackInfo().mode === 'distributed';
      const org = await createOrganization(undefined, shared ? stackInfo().apiUrl : replicas[0].url);
      const [a, b] = replicas.map((r) => keyClient(org.apiKey, r.url));
      await awayFromMinuteEdge();
      for (let i = 0; i < 100; i += 1) {
        const client = shared && i % 2 === 1 ? b : a;
        const response = await client.get('/api/v1/work-items');
        expect(response.status).toBe(200);
        expect(Number(response.headers.get('ratelimit-limit'))).toBe(100);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const client of shared ? [a, b] : [a]) {
        const limited = await client.get('/api/v1/work-items');
        expect(limited.status).toBe(429);
        expect(limited.body.error).toBe('TooManyRequests');
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(limited.headers.get('ratelimit-remaining')).toBe('0');
        expect(Number(limited.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      }
      const other = await createOrganization(undefined, shared ? stackInfo().apiUrl : replicas[0].url);
      expect((await keyClient(other.apiKey, replicas[0].url).get('/api/v1/work-items')).status).toBe(200);
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });
});

// Replicas of the gateway exist only in the distributed run; standalone's revocation is immediate
// (see identity.e2e-spec.ts).
if (stackInfo().mode === 'distributed') {
describe('key revocation across gateway replicas', () => {
  it('takes effect on another replica within 5 seconds', async () => {
    const replica = await startGatewayReplica({ API_KEY_CACHE_TTL_MS: '4000' });
    try {
      const org = await createOrganization();
      const created = await org.api.post('/api/v1/api-keys', { name: 'revoke me' });
      const onReplica = keyClient(created.body.apiKey, replica.url);
      expect((await onReplica.get('/api/v1/work-items')).status).toBe(200);
      expect((await org.api.delete(`/api/v1/api-keys/${created.body.id}`)).status).toBe(200);
      const revokedAt = Date.now();
      await eventually(async () => expect((await onReplica.get('/api/v1/work-items')).status).toBe(401), { timeoutMs: 6000 });
      expect(Date.now() - revokedAt).toBeLessThan(5000);
    } finally {
      await replica.stop();
    }
  });
});
}

describe('empty JSON bodies', () => {
  it('treats an empty application/json body as no body', async () => {
    const org = await createOrganization();
    const response = await org.api.post('/api/v1/work-items', undefined, { rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'BadRequest', details: { body: ['expected an object'] } });
  });
});
