/** Failed authentications are limited per client address, so random keys cannot hammer the database. */
import { randomBytes } from 'node:crypto';
import { ApiClient, createOrganization } from './support/client';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { ERROR_SHAPE, shapeViolations } from './support/shapes';
import { stackInfo } from './support/stack-info';

/** Waits for a fresh clock minute when this one is nearly over, so that the counts of a test share one window. */
async function wellInsideAMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

describe('failed authentications per client address', () => {
  let stack: IsolatedStack;
  beforeAll(async () => {
    stack = await startIsolatedStack({ apps: ['api-gateway'], env: { AUTH_FAILURES_PER_MINUTE: '5' } });
  }, 120_000);
  afterAll(() => stack?.stop());

  it('answers 429 with Retry-After once an address failed 5 times this minute; other addresses are not affected', async () => {
    // GET /users is the gateway's own (the isolated distributed stack runs no service). Well inside a clock minute, so the five failures and the refusal share one window.
    await wellInsideAMinute();
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

  it('throttles wrong operator tokens the same way: a burst gets 5 answers of 401, then 429 even for the right token', async () => {
    await wellInsideAMinute();
    const operator = (address: string, token: string) => new ApiClient(stack.url, { authorization: `Bearer ${token}`, 'x-forwarded-for': address });
    const bootstrap = (client: ApiClient) => client.post('/operator/organizations', { name: `Throttle ${randomBytes(3).toString('hex')}`, adminEmail: 'ops@example.com' });
    const guess = () => randomBytes(24).toString('base64url');
    const burst = await Promise.all(Array.from({ length: 40 }, () => bootstrap(operator('203.0.113.60', guess()))));
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    const refused = burst.find((response) => response.status === 429)!;
    expect(shapeViolations(refused.body, ERROR_SHAPE)).toEqual([]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right token does not get through from that address either: a guesser learns nothing this minute.
    const token = stackInfo().operatorToken;
    expect((await bootstrap(operator('203.0.113.60', token))).status).toBe(429);
    // Another address is not affected; a missing token is no guess and is not counted.
    expect((await bootstrap(operator('203.0.113.61', guess()))).status).toBe(401);
    expect((await bootstrap(operator('203.0.113.61', token))).status).toBe(200);
    const none = new ApiClient(stack.url, { 'x-forwarded-for': '203.0.113.62' });
    for (let i = 0; i < 6; i += 1) expect((await bootstrap(none)).status).toBe(401);
    expect((await bootstrap(operator('203.0.113.62', token))).status).toBe(200);
  }, 90_000);

  it('counts wrong operator tokens and wrong API keys against one budget per address', async () => {
    await wellInsideAMinute();
    const address = '203.0.113.70';
    const random = () => `pos_sk_${randomBytes(32).toString('base64url')}`;
    for (let i = 0; i < 3; i += 1) expect((await new ApiClient(stack.url, { 'x-api-key': random(), 'x-forwarded-for': address }).get('/api/v1/users')).status).toBe(401);
    const operator = new ApiClient(stack.url, { authorization: `Bearer ${randomBytes(24).toString('base64url')}`, 'x-forwarded-for': address });
    for (let i = 0; i < 2; i += 1) expect((await operator.post('/operator/organizations', { name: 'Nope', adminEmail: 'nope@example.com' })).status).toBe(401);
    expect((await operator.post('/operator/organizations', { name: 'Nope', adminEmail: 'nope@example.com' })).status).toBe(429);
    expect((await new ApiClient(stack.url, { 'x-api-key': random(), 'x-forwarded-for': address }).get('/api/v1/users')).status).toBe(429);
  }, 90_000);
});
