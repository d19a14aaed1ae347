/**
 * `npm run bench:audit`: `GET /api/v1/audit-log?recordId=…` over a large log. A scratch database
 * (migrated as every stack's) gets BENCH_AUDIT_ENTRIES entries (default 5,000,000) spread over 100
 * organizations and about ten entries per record, written straight into `webhooks.audit_entries`
 * with generate_series (the API would take hours to make them); the bench's own organization holds
 * a tenth of them. Then the distributed api-gateway and webhook-dispatcher serve the log over NATS
 * and autocannon asks for the history of BENCH_RECORDS of that organization's records in turn
 * (10 connections, BENCH_RATE requests/s offered, default 200, BENCH_SECONDS). Prints req/s, p50
 * and p99 against the 20 ms target, and the same flat out (no rate); writes no
 * block (docs/benchmarks.md records the sitting by hand).
 */
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createScratchDatabase, freePort, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import { createOrganizations } from './paired';
import { deleteStreams, distributedBenchEnv, load } from './support';

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 5_000_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Requests per second offered: a latency target is measured at a set load, not flat out (as bench:portal). */
const RATE = Number(process.env.BENCH_RATE ?? 200);
const TARGET_P99_MS = 20;
/** Rows per INSERT: each its own transaction, so the seed never holds one huge one. */
const CHUNK = 250_000;
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/**
 * Entry `g` belongs to the bench's organization when g % 10 = 0, else to one of 99 others; its
 * record is one of ENTRIES / 10 (so about ten entries each), its time within the last year.
 */
const SEED = `
  INSERT INTO webhooks.audit_entries
    (id, organization_id, at, actor_type, actor_user_id, actor_key_id, actor_name, via, action, record_type, record_id, record_key, changes, request_id)
  SELECT gen_random_uuid(),
         CASE WHEN g % 10 = 0 THEN $1::uuid ELSE md5('org' || (g % 99))::uuid END,
         now() - make_interval(secs => (g % 31536000)),
         'USER', md5('user' || (g % 50))::uuid, md5('key' || (g % 50))::text, NULL,
         CASE WHEN g % 3 = 0 THEN 'MCP' ELSE 'REST' END,
         CASE WHEN g % 7 = 0 THEN 'created' ELSE 'updated' END,
         'work_item', md5('record' || (g % $4::int))::uuid, 'WI-' || (g % $4::int),
         jsonb_build_object('status', jsonb_build_object('from', 'TODO', 'to', 'IN_PROGRESS')),
         md5('request' || g)
    FROM generate_series($2::int, $3::int) AS g`;

async function seed(databaseUrl: string, organizationId: string): Promise<string[]> {
  const db = new Client({ connectionString: databaseUrl, application_name: 'pds-bench-harness' });
  await db.connect();
  try {
    const recordsPerKey = Math.max(1, Math.floor(ENTRIES / 10));
    const started = Date.now();
    for (let from = 1; from <= ENTRIES; from += CHUNK) {
      const to = Math.min(ENTRIES, from + CHUNK - 1);
      await db.query(SEED, [organizationId, from, to, recordsPerKey]);
      process.stdout.write(`seeded ${to.toLocaleString('en')} of ${ENTRIES.toLocaleString('en')} entries (${Math.round((Date.now() - started) / 1000)} s)\n`);
    }
    await db.query('ANALYZE webhooks.audit_entries');
    const { rows } = await db.query<{ record_id: string }>(
      'SELECT DISTINCT record_id FROM webhooks.audit_entries WHERE organization_id = $1 LIMIT $2',
      [organizationId, RECORDS],
    );
    return rows.map((row) => row.record_id);
  } finally {
    await db.end();
  }
}

async function main(): Promise<void> {
  process.stdout.write(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}\n`);
  const scratch = await createScratchDatabase(adminUrl, 'pds_bench_audit');
  const prefix = `audit_${randomBytes(3).toString('hex')}`;
  const operatorToken = randomBytes(24).toString('base64url');
  const env = distributedBenchEnv(operatorToken, scratch.url, natsUrl, prefix);
  const port = await freePort();
  const logFile = (app: string) => path.join(os.tmpdir(), `pds-bench-${prefix}-${app}.log`);
  const children: ChildProcess[] = [
    spawnApp('api-gateway', { env: { ...env, PORT: String(port) }, logFile: logFile('api-gateway') }),
    spawnApp('webhook-dispatcher', { env: { ...env, PORT: String(await freePort()) }, logFile: logFile('webhook-dispatcher') }),
  ];
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, children[0]);
    const [organization] = await createOrganizations(url, operatorToken, 1);
    const records = await seed(scratch.url, organization.organizationId);
    const paths = records.map((id) => `/api/v1/audit-log?recordId=${id}`);
    const result = await load(url, paths, { 'x-api-key': organization.apiKey }, SECONDS, { connections: 10, rate: RATE });
    const flatOut = await load(url, paths, { 'x-api-key': organization.apiKey }, SECONDS, { connections: 10 });
    if (result.non2xx || result.errors || flatOut.non2xx || flatOut.errors) throw new Error('non-2xx answers or errors');
    process.stdout.write(`\nload average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}\n`);
    process.stdout.write('| entries | records asked | req/s | p50 ms | p99 ms | target p99 |\n|---|---|---|---|---|---|\n');
    process.stdout.write(`| ${ENTRIES.toLocaleString('en')} | ${records.length} | ${result.requestsPerSecond} (at ${RATE}/s offered) | ${result.p50} | ${result.p99} | < ${TARGET_P99_MS} ms: ${result.p99 < TARGET_P99_MS ? 'met' : 'missed'} |\n`);
    process.stdout.write(`| ${ENTRIES.toLocaleString('en')} | ${records.length} | ${flatOut.requestsPerSecond} (flat out) | ${flatOut.p50} | ${flatOut.p99} | – |\n`);
  } finally {
    await stopProcesses(children);
    await scratch.drop().catch(() => undefined);
    await deleteStreams(prefix, natsUrl);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
