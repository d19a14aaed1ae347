/**
 * A private nats-server with JetStream and the apps' users (docs/nats-authorization.md), for the
 * distributed e2e suite: a free port, a temporary store directory, the authorization generated from
 * `APP_MESSAGING` for one subject prefix, a random password per user. Killed by `stop()`.
 */
import { NatsUserEntry, appNatsUsers, natsAuthorizationConfig, natsPasswordVariable } from '@pds/messaging';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './stack';

/** A user without restrictions for the test harness itself (reading the EVENTS stream). Not in production configs. */
export const HARNESS_USER = 'e2e-harness';

/** Client name of connections that provoke refusals on purpose (the permission tests); the others' refusals are missing permissions. */
export const PROBE_CLIENT = 'e2e-permission-probe';

export interface NatsCredentials {
  NATS_USER: string;
  NATS_PASSWORD: string;
}

export interface PrivateNats {
  url: string;
  /** NATS_USER and NATS_PASSWORD of a user: an app's, or HARNESS_USER. */
  credentials(user: string): NatsCredentials;
  /** nats-server's log (`-l`): where refused publishes and subscriptions are reported. */
  logFile: string;
  /** Lines of the log reporting a permissions violation. */
  violations(): string[];
  /** The server's process id while it runs (benchmarks read its CPU time). */
  pid(): number | undefined;
  /** Kills the server at once (SIGKILL), keeping its store: `start()` brings it back on the same port. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `NATS_SERVER_BIN`, else `nats-server` on PATH or in /usr/sbin (Debian's package); else a clear error. */
export function natsServerBinary(): string {
  const candidates = [
    process.env.NATS_SERVER_BIN,
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, 'nats-server')),
    '/usr/sbin/nats-server',
    '/usr/local/sbin/nats-server',
  ].filter((candidate): candidate is string => Boolean(candidate));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // next
    }
  }
  throw new Error(
    'nats-server is not installed (needed to run NATS with authorization): `apt-get install nats-server` (Debian; .ci/run does it), or set NATS_SERVER_BIN',
  );
}

export interface PrivateNatsOptions {
  subjectPrefix: string;
  /** Where the server logs; the default is inside its temporary directory. */
  logFile?: string;
}

export async function startPrivateNats(options: PrivateNatsOptions): Promise<PrivateNats> {
  const binary = natsServerBinary();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pds-nats-'));
  const port = await freePort();
  const logFile = options.logFile ?? path.join(dir, 'nats-server.log');
  mkdirSync(path.dirname(logFile), { recursive: true });
  const users: NatsUserEntry[] = [...appNatsUsers(options.subjectPrefix), { user: HARNESS_USER, passwordVariable: natsPasswordVariable(HARNESS_USER) }];
  // nats-server parses a variable's value as configuration: a password must start with a letter (NATS_PASSWORD_RULE).
  const passwords = new Map(users.map(({ user }) => [user, `p${randomBytes(18).toString('base64url')}`]));
  const configFile = path.join(dir, 'nats-server.conf');
  writeFileSync(
    configFile,
    [
      `listen: "127.0.0.1:${port}"`,
      `jetstream { store_dir: ${JSON.stringify(path.join(dir, 'jetstream'))} }`,
      natsAuthorizationConfig(users, `Generated for subject prefix "${options.subjectPrefix}" (tools/nats-server.ts).`),
    ].join('\n'),
    { mode: 0o600 },
  );
  // The passwords reach nats-server only through its environment, as in a cluster (a Secret per app).
  const env = { PATH: process.env.PATH ?? '', ...Object.fromEntries(users.map(({ user, passwordVariable }) => [passwordVariable, passwords.get(user)])) };

  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(binary, ['-c', configFile, '-l', logFile], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child = started;
    await waitForPort(port, started, () => stderr);
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start().catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: `nats://127.0.0.1:${port}`,
    logFile,
    credentials(user) {
      const password = passwords.get(user);
      if (!password) throw new Error(`no NATS user ${user} in the private server`);
      return { NATS_USER: user, NATS_PASSWORD: password };
    },
    violations() {
      return existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter((line) => /(Publish|Subscription) Violation/.test(line)) : [];
    },
    pid: () => child?.pid,
    kill,
    start,
    async stop() {
      const running = child;
      child = undefined;
      if (running && running.exitCode === null && running.signalCode === null) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
          running.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          running.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nats-server exited with code ${child.exitCode}: ${stderr().trim()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nats-server did not listen on port ${port} within 10 s: ${stderr().trim()}`);
}
