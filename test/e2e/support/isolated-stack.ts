import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppName, createScratchDatabase, freePort, spawnApp, stopProcesses, waitUntilReady } from '../../../tools/stack';
import { databaseAdminUrl, stackInfo } from './stack-info';

/** A stack of the test's own, started with settings the shared stack must not have. */
export interface IsolatedStack {
  /** Base URL of its REST edge. */
  url: string;
  /** Stops every process and starts it again on the same data and ports with `env` added. */
  restart(env: Record<string, string>): Promise<void>;
  /** Base URL of one of its apps. */
  appUrl(app: AppName): string;
  /** Where one of its apps writes its log. */
  logFile(app: AppName): string;
  /** Kills one app at once (SIGKILL: a crash, no graceful shutdown). */
  kill(app: AppName): Promise<void>;
  /** Starts a killed app again on its port. */
  start(app: AppName): Promise<void>;
  stop(): Promise<void>;
}

export interface IsolatedStackOptions {
  env?: Record<string, string>;
  /** Distributed run: the apps to start; the first one must be the api-gateway. */
  apps?: AppName[];
}

function logFileOf(logPrefix: string, app: AppName): string {
  return path.join(stackInfo().logDir, `${logPrefix}-${app}.log`);
}

async function startApps(apps: AppName[], ports: number[], env: Record<string, string>, logPrefix: string): Promise<ChildProcess[]> {
  const children = apps.map((app, i) =>
    spawnApp(app, { env: { ...env, PORT: String(ports[i]) }, logFile: logFileOf(logPrefix, app) }),
  );
  try {
    await Promise.all(ports.map((port, i) => waitUntilReady(`http://127.0.0.1:${port}`, children[i], 60_000)));
    return children;
  } catch (error) {
    await stopProcesses(children);
    throw error;
  }
}

/**
 * Standalone: a second standalone process with its own data directory. Distributed: the given apps
 * on a throw-away database and a subject prefix of their own, so no process of the shared stack
 * answers their requests or claims their deliveries. Its NATS streams carry the shared prefix,
 * which global teardown deletes. The operator token is the shared stack's: `createOrganization(…,
 * stack.url)` bootstraps tenants in it.
 */
export async function startIsolatedStack(options: IsolatedStackOptions = {}): Promise<IsolatedStack> {
  const info = stackInfo();
  const name = `isolated-${randomBytes(3).toString('hex')}`;
  let env: Record<string, string>;
  let apps: AppName[];
  let release: () => Promise<void>;
  if (info.mode === 'standalone') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-isolated-'));
    env = { ...info.env, DATA_DIR: dataDir, ...options.env };
    apps = ['standalone'];
    release = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const database = await createScratchDatabase(databaseAdminUrl(), 'pds_e2e_isolated');
    env = { ...info.env, DATABASE_URL: database.url, NATS_SUBJECT_PREFIX: `${info.natsPrefix}_${name.replace('-', '_')}`, ...options.env };
    apps = options.apps ?? ['api-gateway', 'webhook-dispatcher'];
    release = () => database.drop();
  }
  const ports: number[] = [];
  for (let i = 0; i < apps.length; i++) ports.push(await freePort());
  let children: ChildProcess[];
  try {
    children = await startApps(apps, ports, env, name);
  } catch (error) {
    await release();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${ports[0]}`,
    async restart(extra) {
      await stopProcesses(children);
      env = { ...env, ...extra };
      children = await startApps(apps, ports, env, name);
    },
    appUrl(app) {
      return `http://127.0.0.1:${ports[apps.indexOf(app)]}`;
    },
    logFile(app) {
      return logFileOf(name, app);
    },
    async kill(app) {
      const child = children[apps.indexOf(app)];
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
    async start(app) {
      const index = apps.indexOf(app);
      [children[index]] = await startApps([app], [ports[index]], env, `${name}-again`);
    },
    async stop() {
      await stopProcesses(children);
      await release();
    },
  };
}
