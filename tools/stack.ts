import { applyMigrations, connectPostgres } from '@pds/persistence';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';

/** The apps of the distributed run and their default ports (README "Distributed run"). */
export const DISTRIBUTED_APPS = [
  { name: 'api-gateway', port: 3000 },
  { name: 'repo-receiver', port: 3001 },
  { name: 'mcp-server', port: 3002 },
  { name: 'strategy-discovery', port: 3010 },
  { name: 'delivery-intake', port: 3011 },
  { name: 'webhook-dispatcher', port: 3012 },
] as const;
export type AppName = (typeof DISTRIBUTED_APPS)[number]['name'] | 'standalone';

/** The workspace root, whether this runs from tools/ (tests) or dist/tools/ (compiled). */
export const repoRoot = (() => {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'nx.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('workspace root (nx.json) not found');
    dir = parent;
  }
  return dir;
})();

export function entryPoint(app: AppName, root = repoRoot): string {
  return path.join(root, 'dist', 'apps', app, 'src', 'main.js');
}

export interface SpawnOptions {
  env: NodeJS.ProcessEnv;
  /** Where the app's output goes: a file, or a callback per line. */
  logFile?: string;
  onLine?: (line: string) => void;
  /** Extra node flags (profiling). */
  nodeArgs?: string[];
  /** The checkout whose build runs (default: this one; bench/compare-builds.ts runs another beside it). */
  root?: string;
}

/**
 * V8 flags of every app of the distributed run (the Dockerfile's distributed image sets the same in
 * NODE_OPTIONS). Semi-spaces of 32 MiB instead of V8's 16: a request's objects die young, and
 * fewer scavenges copy fewer of the ones still in flight (gateway 72 → 58 µs of CPU per work-item
 * read, docs/benchmarks.md). Fixed at that size (min = max): V8 grew and shrank the young generation
 * between 8 and 64 MiB with the load, so a process's RSS moved by up to 70 MiB minute to minute and
 * said nothing about a leak (bench:mixed's soak, docs/decisions.md). Standalone keeps V8's default
 * semi-spaces: 32 MiB ones cost it ~55 MiB of its 450 MiB budget for ~1 % less time in scavenges; it
 * limits its heap growth itself (apps/standalone/src/main.ts), so that the limit holds however it is launched.
 */
export const DISTRIBUTED_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32', '--min-semi-space-size=32'];

export function spawnApp(app: AppName, options: SpawnOptions): ChildProcess {
  const flags = app === 'standalone' ? [] : DISTRIBUTED_NODE_FLAGS;
  const root = options.root ?? repoRoot;
  const child = spawn(process.execPath, [...flags, ...(options.nodeArgs ?? []), entryPoint(app, root)], {
    cwd: root,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (options.logFile) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    const file = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  }
  if (options.onLine) {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) options.onLine?.(line);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  }
  return child;
}

/** Polls `/ready` until it answers 200; fails fast if the process exits first. */
export async function waitUntilReady(url: string, child: ChildProcess | undefined, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  child?.once('exit', (code) => (exited = code ?? -1));
  let last = '';
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${url}: process exited with code ${exited} before it was ready`);
    try {
      const response = await fetch(`${url}/ready`);
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms (last answer: ${last})`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function stopProcesses(children: readonly ChildProcess[], graceMs = 5000): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Fails with a message a person can act on when PostgreSQL is not reachable. */
export async function checkPostgres(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${redactUrl(url)}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Fails when NATS is not reachable, refuses these credentials, or runs without JetStream. */
export async function checkNats(url: string, credentials: { user?: string; pass?: string; inboxPrefix?: string } = {}): Promise<void> {
  let nc;
  try {
    nc = await connect({ servers: url, timeout: 3000, maxReconnectAttempts: 0, ...credentials });
  } catch (error) {
    const as = credentials.user ? ` as NATS user ${credentials.user}` : '';
    throw new Error(`NATS is not reachable at ${url}${as}: ${(error as Error).message}`);
  }
  try {
    await (await nc.jetstreamManager()).getAccountInfo();
  } catch (error) {
    throw new Error(`NATS at ${url} has no JetStream (start nats-server with -js): ${(error as Error).message}`);
  } finally {
    await nc.close();
  }
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A throw-away database with every migration applied, for an e2e run or a benchmark. With `reuse`
 * (the name of a database an earlier run kept), that database is migrated and handed back instead.
 */
export async function createScratchDatabase(adminUrl: string, prefix: string, reuse?: string): Promise<ScratchDatabase> {
  const name = reuse ?? `${prefix}_${randomBytes(4).toString('hex')}`;
  const onAdmin = async (sql: string) => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  if (!reuse) await onAdmin(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const db = connectPostgres({ url, poolSize: 2, applicationName: `${prefix}-migrate` });
  try {
    await applyMigrations(db);
  } finally {
    await db.close();
  }
  return { name, url, drop: () => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
