/**
 * `npm run start:distributed`: every app as its own process against DATABASE_URL and NATS_URL.
 * Checks both are reachable, applies pending migrations, starts the apps, prints where each
 * listens, and stops them all gracefully on Ctrl-C (exit 0 when every app exited 0).
 * `<APP>_PORT` (API_GATEWAY_PORT, ...) moves an app.
 * On a nats-server with the apps' users (docs/nats-authorization.md), `NATS_PASSWORD_<APP>` (the
 * variables that server reads) gives each app its own NATS_USER and NATS_PASSWORD.
 */
import { resolveOperatorToken } from '@pds/config';
import { applyMigrations, connectPostgres } from '@pds/persistence';
import { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPEATED_SIGNAL_MS, SHUTDOWN_GRACE_MS, httpUrl } from '@pds/http';
import { natsInboxPrefix, natsPasswordVariable } from '@pds/messaging';
import { DISTRIBUTED_APPS, checkNats, checkPostgres, redactUrl, spawnApp, stopProcesses, waitUntilReady } from './stack';

const env = process.env;
/** What the apps inherit: not the other apps' NATS passwords. */
const sharedEnv = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('NATS_PASSWORD_')));
const databaseUrl = env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/test';
const natsUrl = env.NATS_URL || 'nats://127.0.0.1:4222';
/** Where the apps listen (their own default, loopback, unless HOST says otherwise) and where this checks them. */
const host = env.HOST || '127.0.0.1';
const probeHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
const urlOf = (address: string, port: number | string) => httpUrl({ address, port: Number(port) });

/** The app's NATS user when its password is in the environment; none (no credentials) otherwise. */
function natsUser(app: string): { NATS_USER: string; NATS_PASSWORD: string } | undefined {
  const password = env[natsPasswordVariable(app)];
  return password ? { NATS_USER: app, NATS_PASSWORD: password } : undefined;
}

const children: ChildProcess[] = [];
let stopping: number | undefined;
let failed = false;

/** Stops every app started so far and exits: 0 when each of them exited 0. */
function stopAll(reason: string): void {
  if (stopping !== undefined) return;
  stopping = Date.now();
  console.log(reason);
  // Each app waits up to SHUTDOWN_GRACE_MS for what is in flight; SIGKILL only after that.
  void stopProcesses(children, SHUTDOWN_GRACE_MS + 5_000).then(() => {
    console.log(failed ? 'stopped; an app did not exit cleanly' : 'all apps stopped');
    process.exit(failed ? 1 : 0);
  });
}

/**
 * Ctrl-C reaches the apps from the terminal as well as from here (SIGTERM), and npm forwards a copy
 * to this process: a repeat within REPEATED_SIGNAL_MS is the same request. A later one is passed on,
 * and each app then exits at once (libs/http shutdown.ts).
 */
function onSignal(signal: NodeJS.Signals): void {
  if (stopping === undefined) return stopAll(`${signal}: stopping the apps`);
  if (Date.now() - stopping < REPEATED_SIGNAL_MS) return;
  console.log(`${signal} again: the apps exit without finishing their shutdown`);
  for (const child of children) child.kill(signal);
}

async function main(): Promise<void> {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // `| tee log` after Ctrl-C: the reader is gone, the apps must still be stopped.
  process.stdout.on('error', () => undefined);
  process.stderr.on('error', () => undefined);
  await checkPostgres(databaseUrl);
  const gateway = natsUser('api-gateway');
  // As the gateway would connect: its user may subscribe to its own reply inbox only.
  const inboxPrefix = natsInboxPrefix(env.NATS_SUBJECT_PREFIX ?? '', 'api-gateway');
  await checkNats(natsUrl, gateway && { user: gateway.NATS_USER, pass: gateway.NATS_PASSWORD, inboxPrefix });
  const withoutUser = DISTRIBUTED_APPS.filter((app) => !natsUser(app.name)).map((app) => app.name);
  if (withoutUser.length && withoutUser.length < DISTRIBUTED_APPS.length) {
    throw new Error(`${withoutUser.map(natsPasswordVariable).join(', ')} not set: give every app its NATS password, or none`);
  }

  const db = connectPostgres({ url: databaseUrl, poolSize: 2, applicationName: 'pds-start' });
  const applied = await applyMigrations(db);
  await db.close();
  console.log(`database ${redactUrl(databaseUrl)}: ${applied.length} migration(s) applied`);

  const dataDir = path.resolve(env.DATA_DIR || '.data');
  mkdirSync(dataDir, { recursive: true });
  const operator = resolveOperatorToken(env.OPERATOR_TOKEN, dataDir);

  const width = Math.max(...DISTRIBUTED_APPS.map((a) => a.name.length));
  const listening: string[] = [];
  for (const app of DISTRIBUTED_APPS) {
    // Stopped while starting: the apps started so far are stopping, start no more.
    if (stopping !== undefined) return;
    const port = Number(env[`${app.name.toUpperCase().replace(/-/g, '_')}_PORT`] || app.port);
    const child = spawnApp(app.name, {
      env: { ...sharedEnv, DATABASE_URL: databaseUrl, NATS_URL: natsUrl, OPERATOR_TOKEN: operator.token, PORT: String(port), ...natsUser(app.name) },
      onLine: (line) => console.log(`${app.name.padEnd(width)} | ${line}`),
    });
    children.push(child);
    child.once('exit', (code, signal) => {
      if (code === 0 && stopping !== undefined) return;
      failed = true;
      const how = code === null ? `was killed by ${signal}` : `exited with code ${code}`;
      if (stopping !== undefined) console.error(`${app.name} ${how}`);
      else stopAll(`${app.name} ${how}; stopping the others`);
    });
    try {
      await waitUntilReady(urlOf(probeHost, port), child);
    } catch (error) {
      // Ctrl-C while this app was starting: it exited as asked, and stopAll exits.
      if (stopping !== undefined) return;
      throw error;
    }
    listening.push(`  ${app.name.padEnd(width)}  ${urlOf(host, port)}`);
  }
  console.log(
    [
      '',
      'Product Delivery Service (distributed) is up:',
      ...listening,
      `  REST API at ${urlOf(host, env.API_GATEWAY_PORT || 3000)}/api/v1`,
      operator.file ? `  operator token kept in ${operator.file}` : '  operator token from OPERATOR_TOKEN',
      withoutUser.length ? '  NATS without credentials (no NATS_PASSWORD_<APP> set)' : '  NATS: each app as its own user',
      '',
    ].join('\n'),
  );
}

main().catch(async (error: Error) => {
  console.error(`start:distributed failed: ${error.message}`);
  process.exit(1);
});
