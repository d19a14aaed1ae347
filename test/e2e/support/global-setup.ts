import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChildProcess } from 'node:child_process';
import {
  DISTRIBUTED_APPS,
  checkNats,
  checkPostgres,
  createScratchDatabase,
  entryPoint,
  freePort,
  spawnApp,
  stopProcesses,
  waitUntilReady,
} from '../../../tools/stack';
import { HARNESS_USER, PROBE_CLIENT, PrivateNats, startPrivateNats } from '../../../tools/nats-server';
import { writeResponseValidators } from './openapi';
import { StackInfo, databaseAdminUrl, e2eDir, stackMode, writeStackInfo } from './stack-info';

export interface RunningStack {
  children: ChildProcess[];
  cleanup: () => Promise<void>;
  logDir: string;
  /** The request ids the audit log holds entries of; read after the apps stopped, before cleanup. */
  auditedRequestIds: () => Promise<Set<string>>;
}

const AUDITED_REQUEST_IDS = 'SELECT DISTINCT request_id FROM webhooks.audit_entries WHERE request_id IS NOT NULL';

declare global {
  var __E2E_STACK__: RunningStack | undefined;
}

/** Settings every e2e stack shares: tests need a generous rate limit and private webhook targets. */
function baseEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    RATE_LIMIT_PER_MINUTE: '100000',
    // The MCP files refuse bad keys on purpose, all from this one address: at the default 20 a minute,
    // a file whose new key is looked up after them got 429 (auth-failures.e2e-spec tests the budget itself).
    AUTH_FAILURES_PER_MINUTE: '1000',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1s,1s,2s',
    // As behind one ingress: tests stand for different clients with X-Forwarded-For.
    TRUST_PROXY: '1',
    // Request ids reach the services on Node 20 too: the audit check after the suite matches each
    // write to its audit entry by the request id (on Node 24 `auto` already carries them).
    REQUEST_CONTEXT: 'on',
    // Settings a run of its own adds (the query-plans run: test/plans/global-setup.ts).
    ...(JSON.parse(process.env.E2E_APP_ENV ?? '{}') as Record<string, string>),
  };
}

async function startStandalone(logDir: string): Promise<{ info: StackInfo; stack: RunningStack }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-standalone-'));
  const operatorToken = randomBytes(24).toString('base64url');
  const env = { ...baseEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, OPERATOR_TOKEN: operatorToken };
  const child = spawnApp('standalone', { env, logFile: path.join(logDir, 'standalone.log') });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, 90_000);
  return {
    info: { mode: 'standalone', apiUrl: url, repoReceiverUrl: url, mcpUrl: url, appUrls: { standalone: url }, operatorToken, env, logDir },
    stack: {
      children: [child],
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
      logDir,
      auditedRequestIds: async () => {
        const { PGlite } = await import('@electric-sql/pglite');
        const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
        const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
        try {
          return new Set((await db.query<{ request_id: string }>(AUDITED_REQUEST_IDS)).rows.map((row) => row.request_id));
        } finally {
          await db.close();
        }
      },
    },
  };
}

/**
 * The NATS of the distributed stack: by default a private nats-server with the apps' users and
 * permissions (docs/nats-authorization.md), so that the whole suite proves they suffice;
 * `E2E_NATS=shared` uses NATS_URL without credentials instead (the machine's server).
 */
async function startStackNats(natsPrefix: string, logDir: string): Promise<{ url: string; nats?: PrivateNats }> {
  if (process.env.E2E_NATS === 'shared') return { url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' };
  const nats = await startPrivateNats({ subjectPrefix: natsPrefix, logFile: path.join(logDir, 'nats-server.log') });
  return { url: nats.url, nats };
}

async function startDistributed(logDir: string): Promise<{ info: StackInfo; stack: RunningStack }> {
  const adminUrl = databaseAdminUrl();
  const suffix = randomBytes(4).toString('hex');
  const natsPrefix = `e2e_${suffix}`;
  let natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  let nats: PrivateNats | undefined;
  try {
    await checkPostgres(adminUrl);
    ({ url: natsUrl, nats } = await startStackNats(natsPrefix, logDir));
    const harness = nats?.credentials(HARNESS_USER);
    await checkNats(natsUrl, harness && { user: harness.NATS_USER, pass: harness.NATS_PASSWORD });
  } catch (error) {
    await nats?.stop();
    const banner = '!'.repeat(78);
    throw new Error(
      `\n${banner}\nDISTRIBUTED E2E RUN IMPOSSIBLE: ${(error as Error).message}\n` +
        'The distributed contract suite needs real PostgreSQL and NATS with JetStream (nats-server). Start or install them (see .ci/run).\n' +
        `${banner}\n`,
    );
  }
  const scratch = await createScratchDatabase(adminUrl, 'pds_e2e').catch(async (error: unknown) => {
    await nats?.stop();
    throw error;
  });
  const databaseUrl = scratch.url;

  const operatorToken = randomBytes(24).toString('base64url');
  const common = { ...baseEnv(), DATABASE_URL: databaseUrl, NATS_URL: natsUrl, NATS_SUBJECT_PREFIX: natsPrefix, OPERATOR_TOKEN: operatorToken, HOST: '127.0.0.1' };
  const natsCredentials = nats && Object.fromEntries([...DISTRIBUTED_APPS.map((app) => app.name), HARNESS_USER].map((user) => [user, nats.credentials(user)]));
  const urls: Record<string, string> = {};
  const children: ChildProcess[] = [];
  try {
    for (const app of DISTRIBUTED_APPS) {
      const port = await freePort();
      const env = { ...common, ...natsCredentials?.[app.name], PORT: String(port) };
      const child = spawnApp(app.name, { env, logFile: path.join(logDir, `${app.name}.log`) });
      children.push(child);
      urls[app.name] = `http://127.0.0.1:${port}`;
    }
    await Promise.all(DISTRIBUTED_APPS.map((app, i) => waitUntilReady(urls[app.name], children[i], 90_000)));
  } catch (error) {
    await stopProcesses(children);
    await nats?.stop();
    throw error;
  }
  const cleanup = async () => {
    if (nats) {
      // A refusal the permission tests did not provoke is a permission the apps lack.
      const unexpected = nats.violations().filter((line) => !line.includes(PROBE_CLIENT));
      await nats.stop();
      await scratch.drop();
      if (unexpected.length) throw new Error(`nats-server refused the apps ${unexpected.length} time(s); APP_MESSAGING misses permissions:\n${unexpected.slice(0, 20).join('\n')}`);
      return;
    }
    await deleteNatsStreams(natsUrl, natsPrefix);
    await scratch.drop();
  };
  return {
    info: {
      mode: 'distributed',
      apiUrl: urls['api-gateway'],
      repoReceiverUrl: urls['repo-receiver'],
      mcpUrl: urls['mcp-server'],
      appUrls: urls,
      operatorToken,
      databaseUrl,
      natsUrl,
      natsPrefix,
      env: common,
      natsCredentials,
      logDir,
    },
    stack: {
      children,
      cleanup,
      logDir,
      auditedRequestIds: async () => {
        const { Client } = await import('pg');
        const db = new Client({ connectionString: databaseUrl });
        await db.connect();
        try {
          return new Set((await db.query<{ request_id: string }>(AUDITED_REQUEST_IDS)).rows.map((row) => row.request_id));
        } finally {
          await db.end();
        }
      },
    },
  };
}

/** On a shared server: our EVENTS stream and the object stores of large payloads (OBJ_<prefix>_PAYLOADS). */
async function deleteNatsStreams(natsUrl: string, natsPrefix: string): Promise<void> {
  const { connect } = await import('nats');
  const nc = await connect({ servers: natsUrl }).catch(() => undefined);
  if (!nc) return;
  const jsm = await nc.jetstreamManager();
  for await (const stream of jsm.streams.list()) {
    if (stream.config.name.includes(natsPrefix)) await jsm.streams.delete(stream.config.name);
  }
  await nc.close();
}

export default async function globalSetup(): Promise<void> {
  const mode = stackMode();
  if (!existsSync(entryPoint('standalone'))) throw new Error('dist/ is missing: run `npm run build` before the e2e suite');
  const logDir = path.join(e2eDir, 'logs', mode);
  rmSync(logDir, { recursive: true, force: true });
  writeResponseValidators();
  const { info, stack } = mode === 'distributed' ? await startDistributed(logDir) : await startStandalone(logDir);
  writeStackInfo(info);
  globalThis.__E2E_STACK__ = stack;
  process.stdout.write(`\ne2e ${mode} stack ready at ${info.apiUrl} (logs in ${logDir})\n`);
}
