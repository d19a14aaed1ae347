/** The MCP edge under settings the shared stack must not have: a small rate limit, a public URL and an allow list. */
import { ApiClient, Json, createOrganization } from './support/client';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { INITIALIZE, rawMcp, toolCall } from './support/mcp';
import { stackInfo } from './support/stack-info';

describe('MCP edge settings', () => {
  let stack: IsolatedStack;
  let mcpUrl: string;
  beforeAll(async () => {
    stack = await startIsolatedStack({
      // Distributed: the gateway answers the key lookups, delivery-intake creates the work items.
      apps: ['api-gateway', 'mcp-server', 'delivery-intake'],
      env: { RATE_LIMIT_PER_MINUTE: '10', MCP_PUBLIC_URL: 'https://pds.example.test/mcp', MCP_ALLOWED_ORIGINS: 'https://app.example.test' },
    });
    mcpUrl = `${stackInfo().mode === 'standalone' ? stack.url : stack.appUrl('mcp-server')}/mcp`;
  }, 180_000);
  afterAll(() => stack?.stop());

  async function itemsTitled(api: ApiClient, prefix: string): Promise<number> {
    const list = await api.get('/api/v1/work-items?limit=500');
    expect(list.status).toBe(200);
    return (list.body as Json[]).filter((item) => String(item.title).startsWith(prefix)).length;
  }

  it('charges every message of a batch and refuses, whole and before anything runs, a batch over the remaining budget', async () => {
    // Well inside one clock minute, so every call shares one window.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
    const org = await createOrganization(undefined, stack.url);
    // The agent's own key, with a budget of its own; the organization's key reads what happened.
    const agent = await org.api.post('/api/v1/me/api-keys', { name: 'agent' });
    expect(agent.status).toBe(200);
    const key = { 'x-api-key': agent.body.apiKey };
    const creates = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => toolCall(i + 1, 'create_work_item', { title: `${prefix} ${i + 1}`, type: 'TASK' }));

    const first = await rawMcp('POST', key, creates('First', 8), mcpUrl);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(8);
    expect(first.headers.get('ratelimit-limit')).toBe('10');
    expect(first.headers.get('ratelimit-remaining')).toBe('2');

    const second = await rawMcp('POST', key, creates('Second', 3), mcpUrl);
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ error: 'TooManyRequests', message: expect.stringContaining('3 messages') });
    expect(second.headers.get('ratelimit-remaining')).toBe('2');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);

    // What remains is still there for calls that fit in it.
    const single = await rawMcp('POST', key, creates('Single', 1)[0], mcpUrl);
    expect(single.status).toBe(200);
    expect(single.headers.get('ratelimit-remaining')).toBe('1');
    expect(await itemsTitled(org.api, 'First')).toBe(8);
    expect(await itemsTitled(org.api, 'Second')).toBe(0);
    expect(await itemsTitled(org.api, 'Single')).toBe(1);
  }, 90_000);

  it('refuses a batch larger than the per-minute limit itself (400, a JSON-RPC error): no wait would let it through', async () => {
    const org = await createOrganization(undefined, stack.url);
    const batch = Array.from({ length: 11 }, (_, i) => toolCall(i + 1, 'whoami'));
    const response = await rawMcp('POST', { 'x-api-key': org.apiKey }, batch, mcpUrl);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('10') } });
  });

  it('accepts the origin of MCP_PUBLIC_URL and those of MCP_ALLOWED_ORIGINS, nothing else', async () => {
    const org = await createOrganization(undefined, stack.url);
    const status = async (origin: string) => (await rawMcp('POST', { 'x-api-key': org.apiKey, origin }, INITIALIZE, mcpUrl)).status;
    expect(await status('https://pds.example.test')).toBe(200);
    expect(await status('https://app.example.test')).toBe(200);
    expect(await status('http://pds.example.test')).toBe(403);
    expect(await status(`http://localhost:${new URL(mcpUrl).port}`)).toBe(403);
    expect(await status(new URL(mcpUrl).origin)).toBe(403);
    expect((await rawMcp('POST', { 'x-api-key': org.apiKey }, INITIALIZE, mcpUrl)).status).toBe(200);
  });
});
