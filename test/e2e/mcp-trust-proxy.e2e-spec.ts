/**
 * Behind an ingress every request arrives from the ingress's address: the MCP edge must count failed
 * authentications per client (X-Forwarded-For, as TRUST_PROXY allows), or one bad client locks out
 * every MCP user; and without TRUST_PROXY it must not believe the header at all.
 */
import { randomBytes } from 'node:crypto';
import { createOrganization } from './support/client';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { INITIALIZE, rawMcp } from './support/mcp';
import { stackInfo } from './support/stack-info';

/** Waits for a fresh clock minute when this one is nearly over, so that the counts of a test share one window. */
async function wellInsideAMinute(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

const randomKey = () => `pos_sk_${randomBytes(32).toString('base64url')}`;

describe('MCP failed authentications per client address behind a proxy (TRUST_PROXY)', () => {
  let stack: IsolatedStack;
  /** The MCP endpoint of the isolated stack: its own process when distributed. */
  const mcp = () => `${stackInfo().mode === 'standalone' ? stack.url : stack.appUrl('mcp-server')}/mcp`;
  const initialize = (address: string, key: string) => rawMcp('POST', { 'x-api-key': key, 'x-forwarded-for': address }, INITIALIZE, mcp());

  beforeAll(async () => {
    // The gateway answers the MCP server's key lookups (identity), and bootstraps the organization.
    stack = await startIsolatedStack({ apps: ['api-gateway', 'mcp-server'], env: { AUTH_FAILURES_PER_MINUTE: '5', TRUST_PROXY: '1' } });
  }, 120_000);
  afterAll(() => stack?.stop());

  it('with TRUST_PROXY=1 counts each X-Forwarded-For client on its own: one locked out, the others still served', async () => {
    await wellInsideAMinute();
    const org = await createOrganization(undefined, stack.url);
    for (let i = 0; i < 5; i += 1) expect((await initialize('198.51.100.10', randomKey())).status).toBe(401);
    const refused = await initialize('198.51.100.10', randomKey());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client behind the same proxy is not affected: its bad key is a 401, its good key works.
    expect((await initialize('198.51.100.11', randomKey())).status).toBe(401);
    const served = await initialize('198.51.100.11', org.apiKey);
    expect(served.status).toBe(200);
    expect(served.body.result.protocolVersion).toBeDefined();
  }, 90_000);

  it('with TRUST_PROXY=false ignores X-Forwarded-For: a client cannot escape its count by naming another address', async () => {
    await stack.restart({ TRUST_PROXY: 'false' });
    await wellInsideAMinute();
    for (let i = 0; i < 5; i += 1) expect((await initialize(`198.51.100.${20 + i}`, randomKey())).status).toBe(401);
    // Every request came from this machine's address, whatever the header said: that address is over its budget.
    expect((await initialize('198.51.100.30', randomKey())).status).toBe(429);
  }, 120_000);
});
