import { createMember, createOrganization, keyClient } from './support/client';
import { INITIALIZE, connectMcp, data, mcpUrl, rawMcp } from './support/mcp';
import { stackInfo } from './support/stack-info';

const LIST_TOOLS = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

describe('MCP transport: Streamable HTTP at /mcp', () => {
  it('initializes with the SDK client and negotiates a protocol version, with either auth header', async () => {
    const org = await createOrganization();
    const headerSets: Record<string, string>[] = [{ 'x-api-key': org.apiKey }, { authorization: `Bearer ${org.apiKey}` }];
    for (const headers of headerSets) {
      const client = await connectMcp(headers);
      expect(client.getServerVersion()).toMatchObject({ name: 'product-os' });
      expect(client.getServerCapabilities()?.tools).toBeDefined();
      expect(client.getInstructions()).toContain('get_discovery_context');
      const me = await data(client, 'whoami');
      expect(me.organization.id).toBe(org.organization.id);
      await client.close();
    }
  });

  it('answers in JSON, statelessly (no session id), with the rate-limit headers of the key', async () => {
    const org = await createOrganization();
    const response = await rawMcp('POST', { 'x-api-key': org.apiKey }, INITIALIZE);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(response.body.result.protocolVersion).toBe('2025-06-18');
    expect(Number(response.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
    const tools = await rawMcp('POST', { 'x-api-key': org.apiKey }, LIST_TOOLS);
    expect(tools.status).toBe(200);
    expect(tools.body.result.tools.length).toBeGreaterThan(0);
  });

  it.each([
    ['no key', {}],
    ['a malformed key', { 'x-api-key': 'hello' }],
    ['an unknown key', { 'x-api-key': `pos_sk_${'A'.repeat(43)}` }],
    ['an unknown bearer token', { authorization: `Bearer pos_sk_${'B'.repeat(43)}` }],
  ])('answers 401 with how to set PRODUCT_OS_API_KEY to %s', async (_label, headers) => {
    const response = await rawMcp('POST', headers as Record<string, string>, INITIALIZE);
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('Unauthorized');
    expect(response.body.message).toContain('PRODUCT_OS_API_KEY');
    expect(response.body.message).toContain('x-api-key');
  });

  it('refuses a revoked key before any MCP processing', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const own = await dev.api.post('/api/v1/me/api-keys', { name: 'agent' });
    expect(own.status).toBe(200);
    expect((await rawMcp('POST', { 'x-api-key': own.body.apiKey }, INITIALIZE)).status).toBe(200);
    expect((await dev.api.delete(`/api/v1/me/api-keys/${own.body.id}`)).status).toBe(200);
    // Standalone: at once. Distributed: when the revocation broadcast reaches the MCP replica, and
    // never later than API_KEY_CACHE_TTL_MS (at most 5 s), as for a second gateway replica.
    const deadline = Date.now() + 5000;
    let after = await rawMcp('POST', { 'x-api-key': own.body.apiKey }, INITIALIZE);
    while (after.status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await rawMcp('POST', { 'x-api-key': own.body.apiKey }, INITIALIZE);
    }
    expect(after.status).toBe(401);
    expect(after.body.message).toContain('revoked');
  });

  it.each(['STAKEHOLDER', 'GUEST'])('refuses a key with role %s (403) before any MCP processing', async (role) => {
    const org = await createOrganization();
    const key = await org.api.post('/api/v1/api-keys', { name: `${role} key`, role });
    expect(key.status).toBe(200);
    const response = await rawMcp('POST', { 'x-api-key': key.body.apiKey }, INITIALIZE);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: 'Forbidden' });
    expect(response.body.result).toBeUndefined();
  });

  it.each(['GET', 'DELETE'])('answers %s /mcp with 405 and a JSON-RPC error body', async (method) => {
    const org = await createOrganization();
    const response = await rawMcp(method, { 'x-api-key': org.apiKey });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringContaining('POST') } });
  });

  it('rejects a foreign Origin (DNS rebinding) and accepts the server\'s own', async () => {
    const org = await createOrganization();
    const foreign = await rawMcp('POST', { 'x-api-key': org.apiKey, origin: 'http://evil.example' }, INITIALIZE);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('Forbidden');
    const own = new URL(mcpUrl()).origin;
    expect((await rawMcp('POST', { 'x-api-key': org.apiKey, origin: own }, INITIALIZE)).status).toBe(200);
  });

  it.each(['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])(
    'serves no OAuth discovery document (%s is 404)',
    async (path) => {
      const response = await fetch(`${stackInfo().mcpUrl}${path}`);
      expect(response.status).toBe(404);
    },
  );

  it('charges MCP calls to the key\'s per-minute budget, shared with REST', async () => {
    const org = await createOrganization();
    const rest = keyClient(org.apiKey);
    const remaining = async () => Number((await rest.get('/api/v1/me')).headers.get('ratelimit-remaining'));
    // All calls must fall into one fixed window.
    const reset = Number((await rest.get('/api/v1/me')).headers.get('ratelimit-reset'));
    if (reset < 5) await new Promise((resolve) => setTimeout(resolve, (reset + 1) * 1000));
    const before = await remaining();
    for (let i = 0; i < 3; i++) expect((await rawMcp('POST', { 'x-api-key': org.apiKey }, LIST_TOOLS)).status).toBe(200);
    // Replicas exchange their counts by broadcast; give it a moment in the distributed run.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await remaining()).toBeLessThanOrEqual(before - 4);
  });
});
