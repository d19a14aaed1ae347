/**
 * `BENCH_BASE_ROOT=<another checkout, built> node dist/bench/compare-builds.js`: GET /work-items/{key}
 * through the distributed path (api-gateway → NATS → delivery-intake → PostgreSQL) of this build and
 * of the base build, side by side: each on its own scratch database (migrated by its own build) and
 * subject prefix, over the same nats-server, 1,000 items seeded through each one's API, then rounds
 * in ABBA order so that a drift of the shared machine hits both alike. Reports req/s, p99 and CPU
 * microseconds per request of each build's gateway and service, and this build's req/s as a share of
 * the base's per round pair. This is how a change is held to "within 5 % of the distributed path's
 * speed before it" (the move to NestJS-native messaging): the same load generator, the same machine, the same minutes.
 * `BENCH_HEAD_ROOT` replaces this checkout as the head (to compare two other builds). Both builds
 * run with this build's V8 flags (spawnApp), so that the code is what differs.
 * `BENCH_COMPARE=writes` measures POST /work-items and status PATCHes instead (each a real change),
 * with the webhook dispatcher running too (it consumes the events and stores the audit entries), and
 * adds the CPU of the dispatcher and of the build's own PostgreSQL backends; the CPU window ends
 * BENCH_SETTLE seconds after the load, so that work a request leaves behind (the relay, the
 * consumers) is counted. The shared nats-server's CPU is reported as an upper bound.
 * `BENCH_COMPARE=portal` requests the portal's list page (/portal/{slug}) and the JSON list it is
 * built from, rotating over the paths bench:portal uses, of BENCH_SUBMISSIONS (500) submissions
 * seeded through the JSON portal, with NODE_ENV=production (React's build the images run);
 * `BENCH_RATE` offers that many requests a second, evenly (pacedLoad), instead of the closed loop.
 * It adds, per request, the gateway's bus requests and each app's GC time (their /metrics), and
 * the gateway's event-loop delay p99 during the run.
 * Prints its results; docs/benchmarks.md records them by hand with the sitting's conditions.
 */
import { DISTRIBUTED_V8_FLAGS } from '@pds/runtime';
import autocannon from 'autocannon';
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import { benchItem, createOrganizations, seedItems } from './paired';
import { pacedLoad } from './paced-load';
import { openPortal, pagePaths, seedPortal } from './portal-seed';
import { Client } from 'pg';
import { cpuSeconds, deleteStreams, distributedBenchEnv, pidsOf } from './support';

const ITEMS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const MODE = process.env.BENCH_COMPARE === 'writes' || process.env.BENCH_COMPARE === 'portal' ? process.env.BENCH_COMPARE : 'reads';
const PORTAL_SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 500);
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const SETTLE = Number(process.env.BENCH_SETTLE ?? (MODE === 'writes' ? 2 : 0));
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

/** CPU µs per request of each process measured (by name); absent processes are not shown. */
type Cpu = Record<string, number>;

interface Run {
  rps: number;
  p99: number;
  cpu: Cpu;
  /** From the apps' /metrics (portal): bus requests and GC ms per request, event-loop delay p99 ms. */
  extra: Record<string, number>;
}

interface Build {
  name: string;
  root: string;
  url: string;
  apiKey: string;
  /** The seeded items' ids, in order. */
  ids: string[];
  /** Pids by process name; `postgres` are the backends serving this build's scratch database. */
  pids: Record<string, () => number[]>;
  /** Finds the database backends again (the pool opens and closes connections). */
  refresh(): Promise<void>;
  runs: Map<string, Run[]>;
  /** The portal's paths in turn, by plan name (portal). */
  paths: Record<string, string[]>;
  /** The /metrics addresses of its gateway and delivery-intake. */
  metrics: Record<string, string>;
  stop(): Promise<void>;
}

/** One kind of request the comparison sends: its name and its next request. */
interface Plan {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  next: (build: Build) => { path: string; body?: string };
}

const PORTAL_PLANS = ['GET /portal/{slug}', 'GET /public/portals/{slug}/intake'];

function plans(): Plan[] {
  if (MODE === 'portal') {
    return PORTAL_PLANS.map((name) => {
      const turns = new Map<Build, number>();
      return {
        name,
        method: 'GET',
        next: (build: Build) => {
          const turn = turns.get(build) ?? 0;
          turns.set(build, turn + 1);
          return { path: build.paths[name][turn % build.paths[name].length] };
        },
      };
    });
  }
  if (MODE === 'reads') {
    let next = 0;
    return [{ name: 'GET /work-items/{key}', method: 'GET', next: () => ({ path: `/api/v1/work-items/WI-${(next++ % ITEMS) + 1}` }) }];
  }
  const create = JSON.stringify(benchItem(0, { title: 'Bench item' }));
  // Items in turn, each toggling between two statuses (the seeded one is neither): every request
  // is a real change, long after the item's previous one committed.
  const visits = new Map<Build, { next: number; counts: Uint32Array }>();
  return [
    { name: 'POST /work-items', method: 'POST', next: () => ({ path: '/api/v1/work-items', body: create }) },
    {
      name: 'PATCH /work-items/{id} status',
      method: 'PATCH',
      next: (build) => {
        const state = visits.get(build) ?? { next: 0, counts: new Uint32Array(build.ids.length) };
        visits.set(build, state);
        const i = state.next++ % build.ids.length;
        const status = state.counts[i]++ % 2 === 0 ? 'IN_PROGRESS' : 'IN_REVIEW';
        return { path: `/api/v1/work-items/${build.ids[i]}`, body: `{"status":"${status}"}` };
      },
    },
  ];
}

/** The pids of the backends PostgreSQL runs for `database` right now. */
async function backendPids(databaseUrl: string, database: string): Promise<number[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    return rows.map((row) => row.pid);
  } finally {
    await db.end();
  }
}

/** Starts one build's gateway and delivery-intake (and, for writes, webhook-dispatcher) on a scratch database its own migrations created. */
async function startBuild(name: string, root: string): Promise<Build> {
  // The base's own harness migrates its database: schemas differ between builds.
  type Stack = typeof import('../tools/stack');
  // A CommonJS module imported dynamically: its exports arrive as `default`.
  const loaded = (await import(path.join(root, 'dist', 'tools', 'stack.js'))) as Stack & { default?: Stack };
  const stack = loaded.default ?? loaded;
  const scratch = await stack.createScratchDatabase(adminUrl, `pds_cmp_${name}`);
  const prefix = `cmp_${name}_${randomBytes(3).toString('hex')}`;
  const operatorToken = randomBytes(24).toString('base64url');
  const env = { ...distributedBenchEnv(operatorToken, scratch.url, natsUrl, prefix), ...(MODE === 'portal' && { NODE_ENV: 'production' }) };
  const port = await freePort();
  const deliveryPort = await freePort();
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…": V8 profiles of both builds under the same load.
  // The V8 flags this build's apps set on themselves, on the command line for both builds, so that
  // the code is what differs (a base build from before runDistributedApp applied them would run without).
  const nodeArgs = [...DISTRIBUTED_V8_FLAGS, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const logFile = (app: string) => path.join(os.tmpdir(), `pds-compare-${prefix}-${app}.log`);
  const children: ChildProcess[] = [
    spawnApp('api-gateway', { root, env: { ...env, PORT: String(port) }, logFile: logFile('api-gateway'), nodeArgs }),
    spawnApp('delivery-intake', { root, env: { ...env, PORT: String(deliveryPort) }, logFile: logFile('delivery-intake'), nodeArgs }),
    ...(MODE === 'writes' ? [spawnApp('webhook-dispatcher', { root, env: { ...env, PORT: String(await freePort()) }, logFile: logFile('webhook-dispatcher'), nodeArgs })] : []),
  ];
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcesses(children);
    await scratch.drop().catch(() => undefined);
    await deleteStreams(prefix, natsUrl);
  };
  try {
    await waitUntilReady(url, children[0]);
    const [organization] = await createOrganizations(url, operatorToken, 1);
    const paths: Build['paths'] = {};
    let ids: string[] = [];
    if (MODE === 'portal') {
      const portal = { baseUrl: url, slug: await openPortal(url, organization.apiKey) };
      await seedPortal(portal, PORTAL_SUBMISSIONS);
      paths[PORTAL_PLANS[0]] = await pagePaths(portal, `/portal/${portal.slug}`);
      paths[PORTAL_PLANS[1]] = await pagePaths(portal, `/public/portals/${portal.slug}/intake?limit=20`);
    } else {
      ids = await seedItems(url, organization.apiKey, ITEMS, (i) => benchItem(i, { status: 'TODO' }));
    }
    process.stdout.write(`${name}: pids ${children.map((child) => child.pid).join(', ')}\n`);
    const database = new URL(scratch.url).pathname.slice(1);
    let backends: number[] = [];
    const pids: Build['pids'] = {
      gateway: () => [children[0].pid as number],
      'delivery-intake': () => [children[1].pid as number],
      ...(MODE === 'writes' && { 'webhook-dispatcher': () => [children[2].pid as number] }),
      ...(MODE !== 'reads' && {
        postgres: () => backends,
        'nats-server (shared)': () => pidsOf('nats-server'),
      }),
    };
    const refresh = async () => {
      backends = await backendPids(scratch.url, database);
    };
    const metrics = { gateway: `${url}/metrics`, 'delivery-intake': `http://127.0.0.1:${deliveryPort}/metrics` };
    return { name, root, url, apiKey: organization.apiKey, ids, pids, refresh, runs: new Map(), paths, metrics, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Sums of the series of a Prometheus text exposition whose name is `name` (any labels). */
function metricSum(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith(name) && (line[name.length] === '{' || line[name.length] === ' ')) sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}

/** Bus requests sent by the gateway, and the GC seconds of each app, so far (portal). */
async function processCounters(build: Build): Promise<Record<string, number>> {
  if (MODE !== 'portal') return {};
  const [gateway, delivery] = await Promise.all([build.metrics.gateway, build.metrics['delivery-intake']].map(async (url) => (await fetch(url)).text()));
  return {
    'bus requests': metricSum(gateway, 'pds_bus_request_duration_seconds_count'),
    'gateway GC ms': metricSum(gateway, 'nodejs_gc_duration_seconds_sum') * 1000,
    'delivery-intake GC ms': metricSum(delivery, 'nodejs_gc_duration_seconds_sum') * 1000,
    // prom-client's delay monitor starts afresh at each scrape: this one covers the run.
    'gateway loop delay p99 ms': Math.round(metricSum(gateway, 'nodejs_eventloop_lag_p99_seconds') * 1000),
  };
}

/** The paths of a portal plan at RATE a second, evenly (pacedLoad), in autocannon's result's terms. */
async function paced(build: Build, plan: Plan, rate: number, duration: number): Promise<{ requests: { total: number }; latency: { p99: number }; non2xx: number; errors: number }> {
  const run = await pacedLoad(build.url, build.paths[plan.name], {}, rate, duration);
  return { requests: { total: run.requests }, latency: { p99: run.p99 }, non2xx: run.non2xx, errors: run.errors };
}

async function measure(build: Build, plan: Plan): Promise<void> {
  const run = (duration: number) =>
    RATE && MODE === 'portal' ? paced(build, plan, RATE, duration) : autocannon({
      url: build.url,
      connections: 50,
      duration,
      requests: [
        {
          method: plan.method,
          headers: { 'x-api-key': build.apiKey, 'content-type': 'application/json' },
          setupRequest: (r) => ({ ...r, ...plan.next(build) }),
        },
      ],
    });
  await run(WARMUP);
  await new Promise((resolve) => setTimeout(resolve, 500 + SETTLE * 1000));
  await build.refresh();
  const names = Object.keys(build.pids);
  const pids = Object.fromEntries(names.map((name) => [name, build.pids[name]()]));
  const countedBefore = await processCounters(build);
  const before = Object.fromEntries(names.map((name) => [name, cpuSeconds(pids[name])]));
  const result = await run(SECONDS);
  await new Promise((resolve) => setTimeout(resolve, SETTLE * 1000));
  const requests = result.requests.total;
  const counted = await processCounters(build);
  const extra = Object.fromEntries(
    Object.entries(counted).map(([name, value]) => [name, name.includes('p99') ? value : Math.round(((value - countedBefore[name]) / requests) * 100) / 100]),
  );
  if (result.non2xx || result.errors) throw new Error(`${build.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const measured: Run = {
    rps: Math.round(requests / SECONDS),
    p99: result.latency.p99,
    cpu: Object.fromEntries(names.map((name) => [name, Math.round(((cpuSeconds(pids[name]) - before[name]) * 1e6) / requests)])),
    extra,
  };
  build.runs.set(plan.name, [...(build.runs.get(plan.name) ?? []), measured]);
  const cpu = names.map((name) => `${name} ${measured.cpu[name]} µs`).join(', ');
  const more = Object.entries(extra).map(([name, value]) => `${name} ${value}`).join(', ');
  process.stdout.write(`${build.name} ${plan.name}: ${measured.rps} req/s, p99 ${measured.p99} ms, ${cpu} per request${more ? `; ${more}` : ''}\n`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main(): Promise<void> {
  const baseRoot = process.env.BENCH_BASE_ROOT;
  if (!baseRoot) throw new Error('BENCH_BASE_ROOT: the checkout (built with `npm run build`) to compare this build with');
  process.stdout.write(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}\n`);
  const base = await startBuild('base', path.resolve(baseRoot));
  const head = await startBuild('head', path.resolve(process.env.BENCH_HEAD_ROOT ?? repoRoot)).catch(async (error) => {
    await base.stop();
    throw error;
  });
  try {
    const kinds = plans();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const plan of kinds) {
        for (const build of round % 2 ? [head, base] : [base, head]) await measure(build, plan);
      }
    }
    process.stdout.write(`\nload average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}\n`);
    const names = Object.keys(head.pids);
    const extras = Object.keys(head.runs.values().next().value?.[0]?.extra ?? {});
    process.stdout.write(`| request | build | req/s (median) | p99 ms | ${names.map((name) => `${name} µs/request`).join(' | ')} | all of them |${extras.map((name) => ` ${name} |`).join('')}\n`);
    process.stdout.write(`|---|---|---|---|${names.map(() => '---|').join('')}---|${extras.map(() => '---|').join('')}\n`);
    for (const plan of kinds) {
      for (const build of [base, head]) {
        const runs = build.runs.get(plan.name)!;
        const m = (pick: (run: Run) => number) => Math.round(median(runs.map(pick)));
        const total = (run: Run) => names.reduce((sum, name) => sum + run.cpu[name], 0);
        process.stdout.write(`| ${plan.name} | ${build.name} (${build.root}) | ${m((r) => r.rps)} | ${m((r) => r.p99)} | ${names.map((name) => m((r) => r.cpu[name])).join(' | ')} | ${m(total)} |${extras.map((name) => ` ${Math.round(median(runs.map((r) => r.extra[name])) * 100) / 100} |`).join('')}\n`);
      }
      const shares = base.runs.get(plan.name)!.map((run, i) => head.runs.get(plan.name)![i].rps / run.rps);
      process.stdout.write(`${plan.name}: head's req/s as a share of base's, per round: ${shares.map((x) => `${Math.round(x * 100)} %`).join(', ')}; median ${Math.round(median(shares) * 100)} %\n`);
    }
  } finally {
    await Promise.all([base.stop(), head.stop()]);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
