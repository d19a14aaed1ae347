/**
 * `npm run bench:audit`: `GET /api/v1/audit-log?recordId=…` over a large log. A scratch database
 * (migrated as every stack's) gets BENCH_AUDIT_ENTRIES entries (default 5,000,000) spread over 100
 * organizations and about ten entries per record, written straight into `webhooks.audit_entries`
 * with generate_series (the API would take hours to make them); the bench's own organization holds
 * a tenth of them. Then the distributed api-gateway and webhook-dispatcher serve the log over NATS
 * and autocannon asks for the history of BENCH_RECORDS of that organization's records in turn
 * (10 connections, BENCH_RATE requests/s offered, default 200, BENCH_SECONDS), after a flat-out
 * warm-up of BENCH_WARMUP seconds (the first paced run after a bulk seed met cold buffers and
 * unoptimised code). Prints req/s, p50 and p99 against the 20 ms target, the same flat out (no
 * rate), and the CPU per request of the gateway, the dispatcher and the PostgreSQL backends, over
 * the paced run only. PostgreSQL: the client backends whose connection the measured build's gateway
 * or dispatcher holds (matched by client port, so the other build's idle backends on the same
 * database are left out), sampled every 250 ms: a backend that ends mid-run counts until its last
 * sample, one that starts counts from its beginning (pools close idle connections and open new ones,
 * so a pid list taken once went negative). The server's shared processes are not counted.
 * `BENCH_BASE_ROOT=<another checkout, built>` starts that build's gateway and dispatcher on the same
 * seeded database too (their own NATS prefix) and measures both in ABBA rounds (BENCH_ROUNDS), so
 * that a change of the read path is measured before and after in one sitting on a loaded machine.
 * Prints EXPLAIN ANALYZE of one history read. Writes no block (docs/benchmarks.md records the sitting by hand).
 */
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createScratchDatabase, freePort, repoRoot, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import { createOrganizations } from './paired';
import { BackendCpu, HARNESS_APPLICATION, LoadResult, cpuSeconds, deleteStreams, distributedBenchEnv, load } from './support';

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 5_000_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Requests per second offered: a latency target is measured at a set load, not flat out (as bench:portal). */
const RATE = Number(process.env.BENCH_RATE ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
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
    // A log of 5 million entries has been vacuumed long since; right after a bulk insert autovacuum
    // starts on it (the insert threshold) and, on two cores, competes with the measured run.
    const vacuumed = Date.now();
    await db.query('VACUUM (ANALYZE) webhooks.audit_entries');
    process.stdout.write(`vacuumed in ${Math.round((Date.now() - vacuumed) / 1000)} s\n`);
    const { rows } = await db.query<{ record_id: string }>(
      'SELECT DISTINCT record_id FROM webhooks.audit_entries WHERE organization_id = $1 LIMIT $2',
      [organizationId, RECORDS],
    );
    return rows.map((row) => row.record_id);
  } finally {
    await db.end();
  }
}

/** How one history read is planned and run on the seeded table. */
async function explain(databaseUrl: string, organizationId: string, recordId: string): Promise<string> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) SELECT * FROM webhooks.audit_entries WHERE organization_id = $1 AND record_id = $2::uuid ORDER BY at DESC, id DESC LIMIT 51`,
      [organizationId, recordId],
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await db.end();
  }
}

interface Build {
  name: string;
  url: string;
  children: ChildProcess[];
  runs: { paced: LoadResult; flatOut: LoadResult; cpu: Record<string, number> }[];
}

async function main(): Promise<void> {
  process.stdout.write(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}\n`);
  const scratch = await createScratchDatabase(adminUrl, 'pds_bench_audit');
  const operatorToken = randomBytes(24).toString('base64url');
  const prefixes: string[] = [];
  const builds: Build[] = [];
  const start = async (name: string, root: string): Promise<Build> => {
    const prefix = `audit_${name}_${randomBytes(3).toString('hex')}`;
    prefixes.push(prefix);
    const env = distributedBenchEnv(operatorToken, scratch.url, natsUrl, prefix);
    const port = await freePort();
    const logFile = (app: string) => path.join(os.tmpdir(), `pds-bench-${prefix}-${app}.log`);
    // BENCH_NODE_ARGS="--trace-gc": flags for the measured apps' node, to place a stall.
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean);
    const build: Build = {
      name,
      url: `http://127.0.0.1:${port}`,
      children: [
        spawnApp('api-gateway', { root, nodeArgs, env: { ...env, PORT: String(port) }, logFile: logFile('api-gateway') }),
        spawnApp('webhook-dispatcher', { root, nodeArgs, env: { ...env, PORT: String(await freePort()) }, logFile: logFile('webhook-dispatcher') }),
      ],
      runs: [],
    };
    builds.push(build);
    await waitUntilReady(build.url, build.children[0]);
    return build;
  };
  const sampler = new Client({ connectionString: scratch.url, application_name: HARNESS_APPLICATION });
  await sampler.connect();
  try {
    const head = await start('head', repoRoot);
    const [organization] = await createOrganizations(head.url, operatorToken, 1);
    const records = await seed(scratch.url, organization.organizationId);
    if (process.env.BENCH_BASE_ROOT) await start('base', path.resolve(process.env.BENCH_BASE_ROOT));
    process.stdout.write(`\n${await explain(scratch.url, organization.organizationId, records[0])}\n\n`);
    const paths = records.map((id) => `/api/v1/audit-log?recordId=${id}`);
    const headers = { 'x-api-key': organization.apiKey };
    const measure = async (build: Build) => {
      await load(build.url, paths, headers, WARMUP, { connections: 10 });
      const pids = { gateway: [build.children[0].pid!], 'webhook-dispatcher': [build.children[1].pid!] };
      const backends = new BackendCpu(sampler, () => Object.values(pids).flat());
      let seconds: Record<string, number> = {};
      let pacedStartedAt = '';
      // CPU over the paced run itself (not `load`'s 3 s warm-up at the same rate before it).
      const paced = await load(build.url, paths, headers, SECONDS, {
        connections: 10,
        rate: RATE,
        measured: async (run) => {
          pacedStartedAt = new Date().toISOString();
          const before = Object.fromEntries(Object.entries(pids).map(([name, list]) => [name, cpuSeconds(list)]));
          await backends.start();
          const timer = setInterval(() => void backends.sample().catch(() => undefined), 250);
          try {
            return await run();
          } finally {
            clearInterval(timer);
            await backends.sample();
            seconds = { ...Object.fromEntries(Object.entries(pids).map(([name, list]) => [name, cpuSeconds(list) - before[name]])), postgres: backends.seconds() };
          }
        },
      });
      const cpu = Object.fromEntries(Object.entries(seconds).map(([name, used]) => [name, Math.round((used * 1e6) / paced.requests)]));
      const flatOut = await load(build.url, paths, headers, SECONDS, { connections: 10 });
      const counts = (run: LoadResult) => `${run.non2xx} non-2xx and ${run.errors} errors (timeouts) beside ${run.requests} answers`;
      if (paced.non2xx || flatOut.non2xx) throw new Error(`${build.name}: ${counts(paced)} paced, ${counts(flatOut)} flat out`);
      // A machine too busy for the offered rate times requests out: the CPU per answer still compares builds.
      if (paced.errors || flatOut.errors) process.stdout.write(`${build.name}: ${counts(paced)} paced, ${counts(flatOut)} flat out\n`);
      build.runs.push({ paced, flatOut, cpu });
      const cpuText = Object.entries(cpu).map(([name, us]) => `${name} ${us} µs`).join(', ');
      const slowest = (paced.slowest ?? []).map(([at, ms]) => `${ms} ms at ${at} s`).join(', ');
      process.stdout.write(`${build.name}: paced run from ${pacedStartedAt}; its slowest answers: ${slowest}\n`);
      process.stdout.write(`${build.name}: at ${RATE}/s p50 ${paced.p50} ms p99 ${paced.p99} ms (generator loop delay p99 ${paced.generatorDelay?.p99} ms, max ${paced.generatorDelay?.max} ms); flat out ${flatOut.requestsPerSecond} req/s p99 ${flatOut.p99} ms; CPU per request ${cpuText}\n`);
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const build of round % 2 ? [...builds].reverse() : builds) await measure(build);
    }
    process.stdout.write(`\nload average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}\n`);
    process.stdout.write('| build | entries | records asked | load | req/s | p50 ms | p99 ms | gateway µs | dispatcher µs | PostgreSQL µs | target p99 |\n|---|---|---|---|---|---|---|---|---|---|---|\n');
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor((values.length - 1) / 2)];
    for (const build of builds) {
      const m = (pick: (run: Build['runs'][number]) => number) => median(build.runs.map(pick));
      const cpu = `${m((r) => r.cpu.gateway)} | ${m((r) => r.cpu['webhook-dispatcher'])} | ${m((r) => r.cpu.postgres)}`;
      const p99 = m((r) => r.paced.p99);
      process.stdout.write(`| ${build.name} | ${ENTRIES.toLocaleString('en')} | ${records.length} | ${RATE}/s offered | ${m((r) => r.paced.requestsPerSecond)} | ${m((r) => r.paced.p50)} | ${p99} | ${cpu} | < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'missed'} |\n`);
      process.stdout.write(`| ${build.name} | ${ENTRIES.toLocaleString('en')} | ${records.length} | flat out | ${m((r) => r.flatOut.requestsPerSecond)} | ${m((r) => r.flatOut.p50)} | ${m((r) => r.flatOut.p99)} | – | – | – | – |\n`);
    }
    process.stdout.write(`(medians of ${ROUNDS} rounds; p99 per round: ${builds.map((b) => `${b.name} ${b.runs.map((r) => r.paced.p99).join(', ')}`).join('; ')})\n`);
  } finally {
    await sampler.end().catch(() => undefined);
    await stopProcesses(builds.flatMap((build) => build.children));
    await scratch.drop().catch(() => undefined);
    for (const prefix of prefixes) await deleteStreams(prefix, natsUrl);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
