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
import { StackInfo, databaseAdminUrl, e2eDir, stackMode, writeStackInfo } from './stack-info';

export interface RunningStack {
  children: ChildProcess[];
  cleanup: () => Promise<void>;
}

declare global {
  var __E2E_STACK__: RunningStack | undefined;
}

/** Settings every e2e stack shares: tests need a generous rate limit and private webhook targets. */
function baseEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    RATE_LIMIT_PER_MINUTE: '100000',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1s,1s,2s',
    // As behind one ingress: tests stand for different clients with X-Forwarded-For.
    TRUST_PROXY: '1',
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
    stack: { children: [child], cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) },
  };
}

async function startDistributed(logDir: string): Promise<{ info: StackInfo; stack: RunningStack }> {
  const adminUrl = databaseAdminUrl();
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  try {
    await checkPostgres(adminUrl);
    await checkNats(natsUrl);
  } catch (error) {
    const banner = '!'.repeat(78);
    throw new Error(
      `\n${banner}\nDISTRIBUTED E2E RUN IMPOSSIBLE: ${(error as Error).message}\n` +
        'The distributed contract suite needs real PostgreSQL and NATS with JetStream. Start them (see .ci/run).\n' +
        `${banner}\n`,
    );
  }
  const suffix = randomBytes(4).toString('hex');
  const scratch = await createScratchDatabase(adminUrl, 'pds_e2e');
  const databaseUrl = scratch.url;

  const natsPrefix = `e2e_${suffix}`;
  const operatorToken = randomBytes(24).toString('base64url');
  const common = { ...baseEnv(), DATABASE_URL: databaseUrl, NATS_URL: natsUrl, NATS_SUBJECT_PREFIX: natsPrefix, OPERATOR_TOKEN: operatorToken, HOST: '127.0.0.1' };
  const urls: Record<string, string> = {};
  const children: ChildProcess[] = [];
  try {
    for (const app of DISTRIBUTED_APPS) {
      const port = await freePort();
      const child = spawnApp(app.name, { env: { ...common, PORT: String(port) }, logFile: path.join(logDir, `${app.name}.log`) });
      children.push(child);
      urls[app.name] = `http://127.0.0.1:${port}`;
    }
    await Promise.all(DISTRIBUTED_APPS.map((app, i) => waitUntilReady(urls[app.name], children[i], 90_000)));
  } catch (error) {
    await stopProcesses(children);
    throw error;
  }
  const cleanup = async () => {
    const { connect } = await import('nats');
    const nc = await connect({ servers: natsUrl }).catch(() => undefined);
    if (nc) {
      const jsm = await nc.jetstreamManager();
      for await (const stream of jsm.streams.list()) {
        // Our EVENTS stream, and the object store of large payloads (OBJ_<prefix>_PAYLOADS).
        if (stream.config.name.includes(natsPrefix)) await jsm.streams.delete(stream.config.name);
      }
      await nc.close();
    }
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
      logDir,
    },
    stack: { children, cleanup },
  };
}

export default async function globalSetup(): Promise<void> {
  const mode = stackMode();
  if (!existsSync(entryPoint('standalone'))) throw new Error('dist/ is missing: run `npm run build` before the e2e suite');
  const logDir = path.join(e2eDir, 'logs', mode);
  rmSync(logDir, { recursive: true, force: true });
  const { info, stack } = mode === 'distributed' ? await startDistributed(logDir) : await startStandalone(logDir);
  writeStackInfo(info);
  globalThis.__E2E_STACK__ = stack;
  process.stdout.write(`\ne2e ${mode} stack ready at ${info.apiUrl} (logs in ${logDir})\n`);
}
