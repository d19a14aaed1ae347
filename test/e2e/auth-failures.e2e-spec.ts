/** Failed authentications are limited per client address, so random keys cannot hammer the database. */
import { randomBytes } from 'node:crypto';
import { ApiClient, createOrganization } from './support/client';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { ERROR_SHAPE, shapeViolations } from './support/shapes';

describe('failed authentications per client address', () => {
  let stack: IsolatedStack;
  beforeAll(async () => {
    stack = await startIsolatedStack({ apps: ['api-gateway'], env: { AUTH_FAILURES_PER_MINUTE: '5' } });
  }, 120_000);
  afterAll(() => stack?.stop());

  it('answers 429 with Retry-After once an address failed 5 times this minute; other addresses are not affected', async () => {
    // GET /users is the gateway's own (the isolated distributed stack runs no service). Well inside a clock minute, so the five failures and the refusal share one window.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
    const org = await createOrganization(undefined, stack.url);
    const as = (address: string, key: string) => new ApiClient(stack.url, { 'x-api-key': key, 'x-forwarded-for': address });
    const random = () => `pos_sk_${randomBytes(32).toString('base64url')}`;
    for (let i = 0; i < 5; i += 1) expect((await as('203.0.113.50', random()).get('/api/v1/users')).status).toBe(401);
    const refused = await as('203.0.113.50', random()).get('/api/v1/users');
    expect(refused.status).toBe(429);
    expect(shapeViolations(refused.body, ERROR_SHAPE)).toEqual([]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await as('203.0.113.50', 'garbage').get('/api/v1/users')).status).toBe(429);
    // A real key not yet verified from that address waits too; from another address all is normal.
    expect((await as('203.0.113.50', org.apiKey).get('/api/v1/users')).status).toBe(429);
    expect((await as('203.0.113.51', random()).get('/api/v1/users')).status).toBe(401);
    expect((await as('203.0.113.51', org.apiKey).get('/api/v1/users')).status).toBe(200);
  }, 90_000);
});
