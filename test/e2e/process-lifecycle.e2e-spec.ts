/**
 * The standalone process's life cycle (standalone run; it starts processes of its own, so the
 * distributed run would only repeat it and shows it skipped): one process per DATA_DIR, one clear
 * line for a bad setting, SIGTERM under load loses no acknowledged write and exits 0.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, spawnApp, stopProcesses, waitUntilReady } from '../../tools/stack';
import { ApiClient } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { NpmRun, exitWithin, npmRun } from './support/npm-run';
import { describeIn, stackInfo } from './support/stack-info';

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/** Every process the standalone cases start, stopped after them even when one never got ready. */
const spawned: ChildProcess[] = [];

/**
 * PORT=0: the process binds a free port itself and its start-up line names it. A port picked here
 * and released before the process binds it may be taken in between (the other worker's specs start
 * and restart apps), and /ready would then answer for another server.
 */
async function standalone(dataDir: string, env: Record<string, string> = {}, ready = true): Promise<Started> {
  let output = '';
  const child = spawnApp('standalone', {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, OPERATOR_TOKEN: stackInfo().operatorToken, ...env },
    onLine: (line) => (output += `${line}\n`),
  });
  spawned.push(child);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  if (!ready) return { child, url: '', output: () => output, exit };
  const listening = await eventually(() => (child.exitCode !== null ? `exited with ${child.exitCode}` : /listening on (http:\/\/[^\s"]+)/.exec(output)?.[1]), {
    until: (found) => found !== undefined,
    timeoutMs: 90_000,
    what: 'the start-up line',
  });
  if (!listening?.startsWith('http')) throw new Error(`standalone ${listening} before it listened:\n${output}`);
  await waitUntilReady(listening, child, 90_000);
  return { child, url: listening, output: () => output, exit };
}

describeIn('standalone')('standalone process life cycle', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-lifecycle-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    await stopProcesses(spawned);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process on the same DATA_DIR with one line naming the holder', async () => {
    const dir = dataDir();
    const first = await standalone(dir);
    const second = await standalone(dir, {}, false);
    expect(await second.exit).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines).toEqual([`DATA_DIR ${dir} is in use by another standalone process (pid ${first.child.pid}); stop it or choose another DATA_DIR`]);
    expect((await fetch(`${first.url}/ready`)).status).toBe(200);
  }, 120_000);

  it('explains a bad setting in one line, without a stack trace', async () => {
    const started = await standalone(dataDir(), { PORT: 'abc' }, false);
    expect(await started.exit).toBe(1);
    expect(started.output().trim()).toBe('Invalid setting PORT="abc": must be a whole number from 0 to 65535');
    // A setting read deep in the module graph (the trash's providers) too, not after the migrations as a stack.
    const trash = await standalone(dataDir(), { TRASH_PURGE_INTERVAL_MS: '5' }, false);
    expect(await trash.exit).toBe(1);
    expect(trash.output().trim()).toBe('Invalid setting TRASH_PURGE_INTERVAL_MS="5": must not be less than 1000');
  }, 60_000);

  it('on SIGTERM under load finishes what it acknowledged, logs one line, exits 0 and frees DATA_DIR', async () => {
    const dir = dataDir();
    const first = await standalone(dir);
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
    await eventually(() => acknowledged, { until: atLeast(20), intervalMs: 20, what: '20 acknowledged creates' });
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    stopped = true;
    await load;
    expect(first.output()).toContain('SIGTERM: shutting down');
    expect(first.output()).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dir, 'standalone.lock'))).toBe(false);

    const again = await standalone(dir);
    const after = new ApiClient(again.url, { 'x-api-key': bootstrap.body.apiKey });
    const listed = await after.get('/api/v1/work-items?limit=500');
    expect(listed.body.map((w: { id: string }) => w.id).sort()).toEqual([...acknowledged].sort());
  }, 180_000);
});

/**
 * What a person at a terminal does to `npm start`: Ctrl-C sends SIGINT to npm and standalone alike,
 * and npm forwards its own a few milliseconds later. The processes are standalone's whatever the
 * stack under test, so the distributed suite shows these as skipped; it tests its own runner in
 * process-lifecycle.distributed.e2e-spec.ts.
 */
describeIn('standalone')('Ctrl-C on npm start, and the db tools beside it (standalone run)', () => {
  const runs: NpmRun[] = [];
  const dirs: string[] = [];
  afterAll(() => {
    for (const run of runs) run.cleanup();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function npmStart(): Promise<{ run: NpmRun; dir: string; url: string }> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-ctrl-c-'));
    dirs.push(dir);
    const port = await freePort();
    const run = npmRun('start', { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, OPERATOR_TOKEN: stackInfo().operatorToken });
    runs.push(run);
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(url, run.child, 120_000);
    return { run, dir, url };
  }

  function db(dir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(repoRoot, 'dist/tools/db.js'), ...args], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => resolve({ code, output }));
    });
  }

  it('db:status, db:migrate and db:outbox refuse with one line while the server runs; Ctrl-C then stops it like SIGTERM, exit 0, lock gone', async () => {
    const { run, dir } = await npmStart();
    const pid = Number(readFileSync(path.join(dir, 'standalone.lock'), 'utf8').split('\n')[0]);
    for (const args of [['status'], ['migrate'], ['outbox', 'list']]) {
      const refused = await db(dir, ...args);
      expect({ code: refused.code, lines: refused.output.trim().split('\n') }).toEqual({
        code: 1,
        lines: [`The standalone server (pid ${pid}) is running on DATA_DIR ${dir}; stop it first (a second process on the same PGlite directory would lose writes)`],
      });
    }

    run.interrupt();
    expect(await exitWithin(run.exit, 60_000)).toEqual({ code: 0, signal: null });
    const output = run.output();
    expect(output.match(/SIGINT: shutting down/g)).toHaveLength(1);
    expect(output).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dir, 'standalone.lock'))).toBe(false);
    expect(run.groupAlive()).toBe(false);

    // The lock is free again: the tools work on the data the server left.
    const status = await db(dir, 'status');
    expect(status.code).toBe(0);
    expect(status.output).toContain(`PGlite in ${path.join(dir, 'pglite')}`);
    expect(status.output).toMatch(/delivery: \d+ applied, 0 pending/);
    // Nothing parked is said, not left to silence.
    const parked = await db(dir, 'outbox', 'list');
    expect({ code: parked.code, output: parked.output.trim() }).toEqual({ code: 0, output: expect.stringMatching(/^no parked events \(.*delivery.*\)$/m) });
  }, 240_000);

  it('exits 0 on Ctrl-C when whoever read its output is gone (npm start | tee log)', async () => {
    const { run, dir } = await npmStart();
    // Ctrl-C ends tee at the same moment: the first line written after it is the shutdown's own.
    run.closeStdout();
    run.interrupt();
    expect(await exitWithin(run.exit, 60_000)).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dir, 'standalone.lock'))).toBe(false);
    expect(run.groupAlive()).toBe(false);
  }, 240_000);

  it('a deliberate second Ctrl-C, more than a second after the first, exits at once while a request holds the shutdown', async () => {
    const { run, dir, url } = await npmStart();
    // A request whose body never finishes: a graceful shutdown waits for it.
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /api/v1/work-items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"title":');
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      run.interrupt();
      await eventually(() => run.output(), { until: (output) => output.includes('SIGINT: shutting down'), intervalMs: 50 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(run.groupAlive()).toBe(true);
      run.interrupt();
      expect(await exitWithin(run.exit, 20_000)).toEqual({ code: 130, signal: null });
      expect(run.output()).toContain('SIGINT again: exiting without finishing the shutdown');
      expect(existsSync(path.join(dir, 'standalone.lock'))).toBe(false);
    } finally {
      socket.destroy();
    }
  }, 240_000);
});
