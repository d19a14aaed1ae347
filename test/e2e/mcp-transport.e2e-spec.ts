import http from 'node:http';
import { ApiClient, Json, createMember, createOrganization, keyClient } from './support/client';
import { eventually } from './support/eventually';
import { INITIALIZE, connectMcp, data, mcpUrl, rawMcp, toolCall } from './support/mcp';
import { stackInfo } from './support/stack-info';

const LIST_TOOLS = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

/** POST /mcp with INITIALIZE over node:http, which (unlike fetch) sends the Host header it is given. */
function postWithHost(headers: Record<string, string>, host?: string): Promise<{ status: number; body: string }> {
  const url = new URL(mcpUrl());
  const body = JSON.stringify(INITIALIZE);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers, ...(host && { host }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Keys of the work items of an organization whose titles start with `prefix`. */
async function itemsTitled(api: ApiClient, prefix: string): Promise<string[]> {
  const list = await api.get('/api/v1/work-items?limit=500');
  expect(list.status).toBe(200);
  return (list.body as Json[]).filter((item) => String(item.title).startsWith(prefix)).map((item) => item.key);
}

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
    const after = await eventually(() => rawMcp('POST', { 'x-api-key': own.body.apiKey }, INITIALIZE), { until: (answer) => answer.status !== 200, timeoutMs: 5000 });
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

  it('accepts only the configured public origin (default http://localhost:<port>), whatever Host the request names', async () => {
    const org = await createOrganization();
    const port = new URL(mcpUrl()).port;
    const withOrigin = async (origin: string, host?: string) => (await postWithHost({ 'x-api-key': org.apiKey, origin }, host)).status;
    // DNS rebinding: the attacker's name now points here, so the page's Origin and the request's Host agree.
    expect(await withOrigin(`http://evil.example:${port}`, `evil.example:${port}`)).toBe(403);
    expect(await withOrigin('http://evil.example')).toBe(403);
    // The address this request happened to use is not the configured origin; nor is another scheme.
    expect(await withOrigin(new URL(mcpUrl()).origin)).toBe(403);
    expect(await withOrigin(`https://localhost:${port}`)).toBe(403);
    expect(await withOrigin(`http://localhost:${port}`)).toBe(200);
    expect(await withOrigin(`http://localhost:${port}`, `evil.example:${port}`)).toBe(200);
    const refused = await rawMcp('POST', { 'x-api-key': org.apiKey, origin: 'http://evil.example' }, INITIALIZE);
    expect(refused.body).toMatchObject({ error: 'Forbidden', message: expect.stringContaining('MCP_ALLOWED_ORIGINS') });
  });

  it.each(['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])(
    'serves no OAuth discovery document (%s is 404)',
    async (path) => {
      const response = await fetch(`${stackInfo().mcpUrl}${path}`);
      expect(response.status).toBe(404);
    },
  );

  it('answers OAuth client registration (POST /register, where OAuth clients fall back to) with the key\'s own refusal', async () => {
    const register = (headers: Record<string, string>) =>
      rawMcp('POST', headers, { client_name: 'Claude Code (productos)', redirect_uris: ['http://localhost:3118/callback'] }, `${stackInfo().mcpUrl}/register`);
    const unknown = await register({ 'x-api-key': `pos_sk_${'A'.repeat(43)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ error: 'Unauthorized', message: expect.stringMatching(/^Unknown or revoked API key\..*PRODUCT_OS_API_KEY/) });
    const missing = await register({});
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/^Missing API key/);
    // A working key needs no OAuth at all: there is nothing to register.
    const org = await createOrganization();
    const valid = await register({ authorization: `Bearer ${org.apiKey}` });
    expect(valid.status).toBe(404);
    expect(valid.body).toMatchObject({ error: 'NotFound', message: expect.stringContaining('no OAuth') });
  });

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
  describe('JSON-RPC batches', () => {
    const creates = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => toolCall(i + 1, 'create_work_item', { title: `${prefix} ${i + 1}`, type: 'TASK' }));

    it('runs a batch under 2025-03-26 (no MCP-Protocol-Version header, or that one) and charges every message', async () => {
      const org = await createOrganization();
      const rest = keyClient(org.apiKey);
      const remaining = async () => Number((await rest.get('/api/v1/me')).headers.get('ratelimit-remaining'));
      // All of it must fall into one fixed window.
      const reset = Number((await rest.get('/api/v1/me')).headers.get('ratelimit-reset'));
      if (reset < 15) await new Promise((resolve) => setTimeout(resolve, (reset + 1) * 1000));
      const before = await remaining();
      const batch = await rawMcp('POST', { 'x-api-key': org.apiKey }, creates('Batched', 5));
      expect(batch.status).toBe(200);
      expect(batch.body).toHaveLength(5);
      expect((batch.body as Json[]).map((answer) => answer.id).sort()).toEqual([1, 2, 3, 4, 5]);
      expect((batch.body as Json[]).every((answer) => answer.result && !answer.result.isError)).toBe(true);
      const explicit = await rawMcp('POST', { 'x-api-key': org.apiKey, 'mcp-protocol-version': '2025-03-26' }, creates('Explicit', 2));
      expect(explicit.status).toBe(200);
      expect(explicit.body).toHaveLength(2);
      expect(await itemsTitled(rest, 'Batched')).toHaveLength(5);
      expect(await itemsTitled(rest, 'Explicit')).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // 5 + 2 messages and 3 REST calls since `before` was read (that read itself is already counted).
      expect(await remaining()).toBeLessThanOrEqual(before - 10);
    });

    it.each(['2025-06-18', '2025-11-25'])('refuses a batch with MCP-Protocol-Version %s (batching was removed) and runs none of it', async (version) => {
      const org = await createOrganization();
      const response = await rawMcp('POST', { 'x-api-key': org.apiKey, 'mcp-protocol-version': version }, creates('Refused', 2));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('2025-06-18') } });
      expect(await itemsTitled(org.api, 'Refused')).toEqual([]);
      // A single message with the same header is fine.
      const single = await rawMcp('POST', { 'x-api-key': org.apiKey, 'mcp-protocol-version': version }, creates('Single', 1)[0]);
      expect(single.status).toBe(200);
      expect(single.body.result.isError).toBeFalsy();
    });

    it('refuses a batch of more than 20 messages, and an empty one, with a JSON-RPC error; nothing runs', async () => {
      const org = await createOrganization();
      const tooMany = await rawMcp('POST', { 'x-api-key': org.apiKey }, creates('Oversized', 21));
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('20') } });
      expect(await itemsTitled(org.api, 'Oversized')).toEqual([]);
      const empty = await rawMcp('POST', { 'x-api-key': org.apiKey }, []);
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
      expect((await rawMcp('POST', { 'x-api-key': org.apiKey }, creates('Twenty', 20))).status).toBe(200);
      expect(await itemsTitled(org.api, 'Twenty')).toHaveLength(20);
    });
  });
});
