import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMember, createOrganization } from './support/client';
import { mcpUrl } from './support/mcp';

const run = promisify(execFile);
/** Pinned so the check is reproducible; npx takes it from the npm cache after the first run. */
const CLAUDE_CODE = '@anthropic-ai/claude-code@2.1.330';

/**
 * The real client: `claude mcp add … --header …` then `claude mcp list`, whose health check connects
 * to the server (initialize over Streamable HTTP) without any model access. A fresh HOME per run so
 * no user configuration leaks in; the npm cache stays the machine's, so the package is not fetched again.
 */
async function claude(home: string, args: string[]): Promise<string> {
  const { stdout, stderr } = await run('npx', ['-y', CLAUDE_CODE, ...args], {
    cwd: home,
    env: { PATH: process.env.PATH ?? '', HOME: home, npm_config_cache: path.join(os.homedir(), '.npm'), npm_config_update_notifier: 'false' },
    timeout: 150_000,
  });
  return `${stdout}\n${stderr}`;
}

describe('Claude Code connects with a personal key', () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(path.join(os.tmpdir(), 'pds-claude-'));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it.each([
    ['x-api-key', (key: string) => `x-api-key: ${key}`],
    ['Authorization: Bearer', (key: string) => `Authorization: Bearer ${key}`],
  ])('reports the server as connected (%s header)', async (_label, header) => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const key = await dev.api.post('/api/v1/me/api-keys', { name: 'claude code' });
    expect(key.status).toBe(200);
    await claude(home, ['mcp', 'add', '--transport', 'http', 'productos', mcpUrl(), '--header', header(key.body.apiKey)]);
    const list = await claude(home, ['mcp', 'list']);
    expect(list).toContain(`productos: ${mcpUrl()} (HTTP) - ✔ Connected`);
  }, 320_000);

  // Claude Code answers a 401 by trying OAuth; with no metadata to find it registers a client at
  // POST /register of the server's origin and prints that answer's body (docs/mcp.md, "When the key is refused").
  it.each([
    ['an unknown key', async () => `pos_sk_${randomBytes(32).toString('base64url')}`],
    [
      'a revoked key',
      async () => {
        const org = await createOrganization();
        const key = await org.api.post('/api/v1/me/api-keys', { name: 'soon revoked' });
        expect((await org.api.delete(`/api/v1/me/api-keys/${key.body.id}`)).status).toBe(200);
        return key.body.apiKey as string;
      },
    ],
  ])('reports %s in x-api-key as an authentication failure with the server\'s message', async (_label, makeKey) => {
    const key = await makeKey();
    await claude(home, ['mcp', 'add', '--transport', 'http', 'productos', mcpUrl(), '--header', `x-api-key: ${key}`]);
    const list = await claude(home, ['mcp', 'list']);
    const line = list.split('\n').find((l) => l.startsWith('productos:')) ?? list;
    expect(line).not.toContain('✔ Connected');
    expect(line).toContain('(HTTP 401)');
    expect(line).toContain('Unknown or revoked API key');
    expect(line).not.toContain('Cannot POST');
  }, 320_000);

  it('reports an unknown key in Authorization: Bearer as a rejected header with the server\'s message', async () => {
    const key = `pos_sk_${randomBytes(32).toString('base64url')}`;
    await claude(home, ['mcp', 'add', '--transport', 'http', 'productos', mcpUrl(), '--header', `Authorization: Bearer ${key}`]);
    const list = await claude(home, ['mcp', 'list']);
    const line = list.split('\n').find((l) => l.startsWith('productos:')) ?? list;
    expect(line).toContain('Server rejected the configured Authorization header (HTTP 401)');
    expect(line).toContain('Unknown or revoked API key');
  }, 320_000);
});
