import { generateApiKey } from '@pds/auth';
import { AppException, AuthContext, IdentitySubjects, Role } from '@pds/contracts';
import { AuthFailures, RateLimiter } from '@pds/edge';
import { InProcessBus } from '@pds/messaging';
import type { McpOptions } from '../mcp.options';
import { McpAuthenticator } from './mcp.authenticator';

const PER_MINUTE = 5;

function setUp(role: Role = Role.PM) {
  const bus = new InProcessBus({ error: () => undefined });
  const auth: AuthContext = { organizationId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002', keyId: 'key-1', role };
  bus.serve(IdentitySubjects.verifyApiKey, () => auth);
  const options = { rateLimitPerMinute: PER_MINUTE, apiKeyCacheTtlMs: 60_000, publicOrigin: 'http://localhost', allowedOrigins: [] } satisfies McpOptions;
  const limiter = new RateLimiter(bus, options);
  const authenticator = new McpAuthenticator(bus, limiter, new AuthFailures(limiter, options), options);
  const key = generateApiKey();
  const headers: Record<string, number>[] = [];
  const authenticate = (messages?: number) => authenticator.authenticate({ 'x-api-key': key }, '127.0.0.1', (h) => headers.push(h), messages);
  return { authenticator, authenticate, headers };
}

async function refusal(run: Promise<unknown>): Promise<AppException> {
  try {
    await run;
  } catch (error) {
    return error as AppException;
  }
  throw new Error('not refused');
}

describe('McpAuthenticator: what a POST costs against the key\'s per-minute budget', () => {
  it('charges one per message of a batch and says what remains', async () => {
    const { authenticate, headers } = setUp();
    await authenticate(3);
    expect(headers.at(-1)).toMatchObject({ 'ratelimit-limit': PER_MINUTE, 'ratelimit-remaining': 2 });
    await authenticate();
    expect(headers.at(-1)).toMatchObject({ 'ratelimit-remaining': 1 });
  });

  it('refuses a batch larger than what remains whole, charging nothing, with the numbers in the 429', async () => {
    const { authenticate, headers } = setUp();
    await authenticate(3);
    const error = await refusal(authenticate(3));
    expect(error.toBody()).toMatchObject({ error: 'TooManyRequests', details: { batchSize: 3, remaining: 2, retryAfterSeconds: expect.any(Number) } });
    expect(error.message).toContain('this batch of 3 messages counts as 3 requests and 2 remain, so none of it ran');
    // Nothing was charged: two single messages still pass.
    await authenticate();
    await authenticate();
    expect(headers.at(-1)).toMatchObject({ 'ratelimit-remaining': 0 });
    expect((await refusal(authenticate())).toBody()).toMatchObject({ error: 'TooManyRequests' });
  });

  it('refuses a missing key (401) and a key whose role cannot use MCP (403), charging nothing', async () => {
    const pm = setUp();
    expect((await refusal(pm.authenticator.authenticate({}, '127.0.0.1', () => undefined))).toBody()).toMatchObject({ error: 'Unauthorized' });
    const stakeholder = setUp(Role.STAKEHOLDER);
    expect((await refusal(stakeholder.authenticate())).toBody()).toMatchObject({ error: 'Forbidden', details: { role: ['STAKEHOLDER'] } });
    expect(stakeholder.headers).toEqual([]);
  });
});
