/**
 * The standalone process's life cycle, in both runs (it starts processes of its own, whatever the
 * stack under test): one process per DATA_DIR, one clear line for a bad setting, SIGTERM under load
 * loses no acknowledged write and exits 0.
 */
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnApp, stopProcesses, waitUntilReady } from '../../tools/stack';
import { ApiClient } from './support/client';
import { stackInfo } from './support/stack-info';

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

async function standalone(dataDir: string, env: Record<string, string> = {}, ready = true): Promise<Started> {
  const port = await freePort();
  let output = '';
  const child = spawnApp('standalone', {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, OPERATOR_TOKEN: stackInfo().operatorToken, ...env },
    onLine: (line) => (output += `${line}\n`),
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  if (ready) await waitUntilReady(url, child, 90_000);
  return { child, url, output: () => output, exit };
}

describe('standalone process life cycle', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-lifecycle-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await stopProcesses(children);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process on the same DATA_DIR with one line naming the holder', async () => {
    const dir = dataDir();
    const first = await standalone(dir);
    children.push(first.child);
    const second = await standalone(dir, {}, false);
    children.push(second.child);
    expect(await second.exit).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines).toEqual([`DATA_DIR ${dir} is in use by another standalone process (pid ${first.child.pid}); stop it or choose another DATA_DIR`]);
    expect((await fetch(`${first.url}/ready`)).status).toBe(200);
  }, 120_000);

  it('explains a bad setting in one line, without a stack trace', async () => {
    const started = await standalone(dataDir(), { PORT: 'abc' }, false);
    children.push(started.child);
    expect(await started.exit).toBe(1);
    expect(started.output().trim()).toBe('Invalid setting PORT="abc": must be a whole number from 0 to 65535');
  }, 60_000);

  it('on SIGTERM under load finishes what it acknowledged, logs one line, exits 0 and frees DATA_DIR', async () => {
    const dir = dataDir();
    const first = await standalone(dir);
    children.push(first.child);
    const operator = new ApiClient(first.url, { authorization: `Bearer ${stackInfo().operatorToken}` });
    const bootstrap = await operator.post('/operator/organizations', { name: `Lifecycle ${randomBytes(3).toString('hex')}`, adminEmail: 'a@example.com' });
    const api = new ApiClient(first.url, { 'x-api-key': bootstrap.body.apiKey });
    const acknowledged: string[] = [];
    let stopped = false;
    const worker = async (n: number) => {
      for (let i = 0; !stopped; i += 1) {
        try {
          const response = await api.post('/api/v1/work-items', { title: `Load ${n}-${i}`, type: 'TASK' });
          if (response.status === 200) acknowledged.push(response.body.id);
          else if (response.status !== 503) throw new Error(`unexpected ${response.status} ${response.text}`);
        } catch (error) {
          // Refused connections once the server stopped accepting: not acknowledged, fine.
          if ((error as Error).message.startsWith('unexpected')) throw error;
          stopped = true;
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => worker(n)));
    // SIGTERM once the load is well under way, however slow the machine is.
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    stopped = true;
    await load;
    expect(first.output()).toContain('SIGTERM: shutting down');
    expect(first.output()).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dir, 'standalone.lock'))).toBe(false);

    const again = await standalone(dir);
    children.push(again.child);
    const after = new ApiClient(again.url, { 'x-api-key': bootstrap.body.apiKey });
    const listed = await after.get('/api/v1/work-items?limit=500');
    expect(listed.body.map((w: { id: string }) => w.id).sort()).toEqual([...acknowledged].sort());
  }, 180_000);
});
