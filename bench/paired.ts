/**
 * The harness of the work-item benchmarks (`npm run bench`, `bench:lists`, `bench:writes`): a scratch
 * database with the distributed path on it (api-gateway → NATS → delivery-intake), one standalone
 * process on its own PGlite, and the reference server (bench/reference-server.ts) on the distributed
 * path's database, seeded through the real API. Every measured path runs in rounds that alternate
 * reference, distributed and standalone, so that the machine's noise hits all three; each run also
 * records the CPU every process spent, so that the cost of each hop is visible.
 */
import { DISTRIBUTED_V8_FLAGS } from '@pds/runtime';
import autocannon from 'autocannon';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { PrivateNats, startPrivateNats } from '../tools/nats-server';
import { DISTRIBUTED_NODE_FLAGS, checkNats, checkPostgres, createScratchDatabase, freePort, repoRoot, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import { BackendCpu, HARNESS_APPLICATION, cpuSeconds, deleteStreams, memoryOf, pidsOf, writeBenchmarkBlock } from './support';

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
export const CONNECTIONS = 50;
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

export type TargetName = 'reference' | 'distributed' | 'standalone';
export const TARGETS: readonly TargetName[] = ['reference', 'distributed', 'standalone'];
/** Processes whose CPU each run records; `postgres` is the backends of the bench's own database. */
export const CPU_GROUPS = ['reference', 'gateway', 'delivery-intake', 'nats-server', 'postgres', 'standalone', 'load generator'] as const;
export type CpuGroup = (typeof CPU_GROUPS)[number];

export interface Organization {
  apiKey: string;
  organizationId: string;
}

/** Builds each request autocannon sends, so that paths, API keys and bodies can rotate. */
export interface RequestPlan {
  method: 'GET' | 'POST' | 'PATCH';
  next(): { path: string; apiKey: string; body?: string };
}

export interface Measurement {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** How the failures failed: status codes, connection errors, timeouts. */
  failureKinds: string;
  /** CPU seconds of each process group during the measured part and the publishing of its events. */
  cpu: Record<CpuGroup, number>;
  /** Standalone only: largest RSS sampled during the run and the process's peak so far (MiB). */
  memory?: { rss: number; peak: number };
  /** What `probe` counted during the measured part (e.g. outbox events written). */
  probed?: number;
  /** Events not yet published when the load stopped, and how long the relay then took to publish them. */
  waitingAtEnd: number;
  drainSeconds: number;
}

export interface BenchStack {
  operatorToken: string;
  urls: Record<TargetName, string>;
  natsMode: string;
  /** The harness's connection to the database the distributed path and the reference share (left out of PostgreSQL's CPU). */
  db: Client;
  startReference(organizations: Organization[]): Promise<void>;
  measure(target: TargetName, plan: RequestPlan, seconds: number, probe?: () => Promise<number>): Promise<Measurement>;
  /** CPU seconds of each process group while `work` runs (PostgreSQL: this database's client backends, sampled). */
  cpuDuring<T>(work: () => Promise<T>): Promise<{ result: T; cpu: Record<CpuGroup, number> }>;
  stop(): Promise<void>;
}

export async function startStack(): Promise<BenchStack> {
  await checkPostgres(adminUrl);
  const suffix = randomBytes(4).toString('hex');
  const nats: PrivateNats | undefined = process.env.BENCH_NATS === 'private' ? await startPrivateNats({ subjectPrefix: `bench_${suffix}` }) : undefined;
  if (!nats) await checkNats(natsUrl);
  const scratch = await createScratchDatabase(adminUrl, 'pds_bench');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pds-bench-'));
  // Kept after the run: the apps' warnings and errors explain failed requests. A pipe nobody reads
  // would also stall an app once it filled up.
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'pds-bench-logs-'));
  const logFile = (app: string) => path.join(logDir, `${app}.log`);
  const operatorToken = randomBytes(24).toString('base64url');
  const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000', OPERATOR_TOKEN: operatorToken, HOST: '127.0.0.1' };
  const distributedEnv = { ...env, DATABASE_URL: scratch.url, NATS_URL: nats?.url ?? natsUrl, NATS_SUBJECT_PREFIX: `bench_${suffix}` };
  const children: ChildProcess[] = [];
  const db = new Client({ connectionString: scratch.url, application_name: HARNESS_APPLICATION });
  const samplerDb = new Client({ connectionString: scratch.url, application_name: HARNESS_APPLICATION });
  const cleanUp = async () => {
    await stopProcesses(children);
    await db.end().catch(() => undefined);
    await samplerDb.end().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop().catch(() => undefined);
    if (nats) await nats.stop();
    else await deleteStreams(`bench_${suffix}`, natsUrl);
  };
  try {
    await db.connect();
    await samplerDb.connect();
    process.stdout.write('starting api-gateway, delivery-intake and standalone...\n');
    const [gatewayPort, deliveryPort, standalonePort, referencePort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    process.stdout.write(`app logs: ${logDir}\n`);
    const gateway = spawnApp('api-gateway', { env: { ...distributedEnv, ...nats?.credentials('api-gateway'), PORT: String(gatewayPort) }, logFile: logFile('api-gateway') });
    const delivery = spawnApp('delivery-intake', { env: { ...distributedEnv, ...nats?.credentials('delivery-intake'), PORT: String(deliveryPort) }, logFile: logFile('delivery-intake') });
    const standalone = spawnApp('standalone', { env: { ...env, PORT: String(standalonePort), DATA_DIR: dataDir }, logFile: logFile('standalone') });
    children.push(gateway, delivery, standalone);
    const urls: Record<TargetName, string> = {
      reference: `http://127.0.0.1:${referencePort}`,
      distributed: `http://127.0.0.1:${gatewayPort}`,
      standalone: `http://127.0.0.1:${standalonePort}`,
    };
    await waitUntilReady(urls.distributed, gateway);
    await waitUntilReady(urls.standalone, standalone, 120_000);
    let reference: ChildProcess | undefined;
    const pidGroups: Record<Exclude<CpuGroup, 'postgres'>, () => number[]> = {
      reference: () => (reference?.pid ? [reference.pid] : []),
      gateway: () => [gateway.pid as number],
      'delivery-intake': () => [delivery.pid as number],
      'nats-server': () => (nats ? [nats.pid() as number] : pidsOf('nats-server')),
      standalone: () => [standalone.pid as number],
      'load generator': () => [process.pid],
    };
    const backends = new BackendCpu(samplerDb);

    /** Events written but not yet published: PostgreSQL's outbox, or standalone's own gauge (all its contexts). */
    const waitingEvents = async (target: TargetName): Promise<number> => {
      if (target !== 'standalone') {
        return Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM delivery.outbox WHERE published_at IS NULL AND parked_at IS NULL')).rows[0].n);
      }
      const metrics = await (await fetch(`${urls.standalone}/metrics`)).text();
      return [...metrics.matchAll(/^pds_outbox_events_waiting\{[^}]*\} (\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    };
    /** Waits until the relay has published everything; how long that took. */
    const drain = async (target: TargetName): Promise<number> => {
      const started = Date.now();
      while ((await waitingEvents(target)) > 0 && Date.now() - started < 120_000) await sleep(250);
      return (Date.now() - started) / 1000;
    };

    const measure = async (target: TargetName, plan: RequestPlan, seconds: number, probe?: () => Promise<number>): Promise<Measurement> => {
      await run(urls[target], plan, WARMUP_SECONDS);
      // autocannon does not wait for the answers still due when its time is up: let the server finish
      // them (and commit and publish what they write) before the measured part starts.
      await sleep(1000);
      let probedBefore = await probe?.();
      while (probe && probedBefore !== undefined) {
        await sleep(250);
        const again = await probe();
        if (again === probedBefore) break;
        probedBefore = again;
      }
      await drain(target);
      const before = Object.fromEntries(Object.entries(pidGroups).map(([group, pids]) => [group, cpuSeconds(pids())]));
      await backends.start();
      let memory = target === 'standalone' ? memoryOf(standalone.pid) : undefined;
      let sampling: Promise<void> | undefined;
      const sampler = setInterval(() => {
        sampling ??= backends
          .sample()
          .catch(() => undefined)
          .finally(() => (sampling = undefined));
        if (memory) memory = { rss: Math.max(memory.rss, memoryOf(standalone.pid).rss), peak: memoryOf(standalone.pid).peak };
      }, 200);
      const result = await run(urls[target], plan, seconds);
      const probed = probe && probedBefore !== undefined ? (await probe()) - probedBefore : undefined;
      // The events this run wrote are part of its cost: CPU is read once the relay has published them.
      const waitingAtEnd = await waitingEvents(target);
      const drainSeconds = await drain(target);
      clearInterval(sampler);
      await sampling;
      await backends.sample();
      const cpu = Object.fromEntries(Object.entries(pidGroups).map(([group, pids]) => [group, cpuSeconds(pids()) - before[group]])) as Record<CpuGroup, number>;
      cpu.postgres = backends.seconds();
      return {
        requests: result.requests.total,
        requestsPerSecond: Math.round(result.requests.total / seconds),
        p50: result.latency.p50,
        p99: result.latency.p99,
        failures: result.non2xx + result.errors,
        failureKinds: [
          ...Object.entries(result.statusCodeStats ?? {})
            .filter(([code]) => !code.startsWith('2'))
            .map(([code, stats]) => `${stats.count ?? 0}× ${code}`),
          result.timeouts ? `${result.timeouts} timeouts` : '',
          result.errors - result.timeouts > 0 ? `${result.errors - result.timeouts} errors` : '',
        ]
          .filter(Boolean)
          .join(', '),
        waitingAtEnd,
        drainSeconds,
        cpu,
        memory,
        probed,
      };
    };

    return {
      operatorToken,
      urls,
      natsMode: nats ? "a private nats-server with the apps' users and permissions (BENCH_NATS=private)" : "the machine's nats-server, shared with other work (its CPU is an upper bound)",
      db,
      measure,
      async cpuDuring(work) {
        const before = Object.fromEntries(Object.entries(pidGroups).map(([group, pids]) => [group, cpuSeconds(pids())]));
        await backends.start();
        let sampling: Promise<void> | undefined;
        const sampler = setInterval(() => {
          sampling ??= backends
            .sample()
            .catch(() => undefined)
            .finally(() => (sampling = undefined));
        }, 200);
        let result: Awaited<ReturnType<typeof work>>;
        try {
          result = await work();
        } finally {
          clearInterval(sampler);
          await sampling;
        }
        const cpu = Object.fromEntries(Object.entries(pidGroups).map(([group, pids]) => [group, cpuSeconds(pids()) - before[group]])) as Record<CpuGroup, number>;
        await backends.sample();
        cpu.postgres = backends.seconds();
        return { result, cpu };
      },
      async startReference(organizations) {
        // The reference gets the apps' V8 flags too: the same runtime tuning on both sides.
        reference = spawn(process.execPath, [...DISTRIBUTED_NODE_FLAGS, ...DISTRIBUTED_V8_FLAGS, path.join(repoRoot, 'dist', 'bench', 'reference-server.js')], {
          env: {
            ...env,
            DATABASE_URL: scratch.url,
            BENCH_ORGANIZATION_ID: organizations[0].organizationId,
            BENCH_API_KEYS: JSON.stringify(Object.fromEntries(organizations.map((o) => [o.apiKey, o.organizationId]))),
            PORT: String(referencePort),
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        children.push(reference);
        // It prints one line when it listens; the stream keeps flowing after that, so it never fills.
        await new Promise((resolve) => reference?.stdout?.once('data', resolve));
      },
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// async: autocannon hands back a thenable instance, not a Promise.
async function run(url: string, plan: RequestPlan, seconds: number): Promise<autocannon.Result> {
  const headers = new Map<string, Record<string, string>>();
  const headersFor = (apiKey: string, body: boolean) => {
    const key = `${apiKey}/${body}`;
    let value = headers.get(key);
    if (!value) headers.set(key, (value = body ? { 'x-api-key': apiKey, 'content-type': 'application/json' } : { 'x-api-key': apiKey }));
    return value;
  };
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: plan.method,
        setupRequest: (request) => {
          const { path: requestPath, apiKey, body } = plan.next();
          return { ...request, path: requestPath, headers: headersFor(apiKey, body !== undefined), body };
        },
      },
    ],
  });
}

export async function createOrganizations(baseUrl: string, operatorToken: string, count: number): Promise<Organization[]> {
  const organizations: Organization[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${baseUrl}/operator/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench ${i + 1}`, adminEmail: `bench${i + 1}@example.com` }),
    });
    if (!response.ok) throw new Error(`creating an organization failed: ${response.status} ${await response.text()}`);
    const created = (await response.json()) as { apiKey: string; organization: { id: string } };
    organizations.push({ apiKey: created.apiKey, organizationId: created.organization.id });
  }
  return organizations;
}

/** Creates `count` work items through the API, 32 at a time; returns their ids in key order. */
export async function seedItems(baseUrl: string, apiKey: string, count: number, body: (i: number) => object): Promise<string[]> {
  const ids: string[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < count) {
        const i = next++;
        const response = await fetch(`${baseUrl}/api/v1/work-items`, {
          method: 'POST',
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
          body: JSON.stringify(body(i)),
        });
        if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
        const created = (await response.json()) as { id: string; key: string };
        ids[Number(created.key.slice(3)) - 1] = created.id;
      }
    }),
  );
  return ids;
}

/** A realistic work item (the body `npm run bench` has always seeded with). */
export const benchItem = (i: number, extra: object = {}) => ({ title: `Bench item ${i}`, type: 'TASK', description: 'A realistic description of some work.', estimate: 3, ...extra });

// ---- comparison ----

export interface PathTargets {
  /** Distributed: least share of the reference's req/s, and the largest p99 in ms. */
  distributed: { ratio: number; p99: number };
  standalone: { ratio: number };
  /** Standalone RSS under load, MiB (measured and reported, not optimised here). */
  standaloneRss: number;
}

export interface PathResult {
  name: string;
  targets: PathTargets;
  runs: Record<TargetName, Measurement[]>;
  /** What the probe counts, per request (e.g. "status_changed events"); only on PostgreSQL targets. */
  probeLabel?: string;
}

/**
 * Alternates reference, distributed and standalone for ROUNDS rounds. The reference and the
 * distributed path share one database, so they share one plan too (e.g. the status each item
 * toggles to next); standalone has its own.
 */
export async function comparePath(
  stack: BenchStack,
  name: string,
  targets: PathTargets,
  plans: { postgres: RequestPlan; standalone: RequestPlan },
  seconds: number,
  probe?: { label: string; count: () => Promise<number> },
): Promise<PathResult> {
  const runs: Record<TargetName, Measurement[]> = { reference: [], distributed: [], standalone: [] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const target of TARGETS) {
      process.stdout.write(`${name}, round ${round}/${ROUNDS}: ${target}... `);
      const plan = target === 'standalone' ? plans.standalone : plans.postgres;
      const measured = await stack.measure(target, plan, seconds, target === 'standalone' ? undefined : probe?.count);
      runs[target].push(measured);
      process.stdout.write(`${measured.requestsPerSecond} req/s, p99 ${measured.p99} ms${measured.failures ? `, failed: ${measured.failureKinds}` : ''}\n`);
    }
  }
  return { name, targets, runs, probeLabel: probe?.label };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const percent = (value: number) => `${Math.round(value * 100)} %`;

/** Per-round ratio to the reference of the same round, then the median over rounds. */
function ratioOf(result: PathResult, target: TargetName): number {
  return median(result.runs[target].map((run, i) => run.requestsPerSecond / result.runs.reference[i].requestsPerSecond));
}

function summary(runs: Measurement[]) {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const cpu = Object.fromEntries(CPU_GROUPS.map((group) => [group, (runs.reduce((sum, run) => sum + run.cpu[group], 0) * 1e6) / requests])) as Record<CpuGroup, number>;
  return {
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    cpu,
    probedPerRequest: runs[0].probed === undefined ? undefined : runs.reduce((sum, run) => sum + (run.probed ?? 0), 0) / requests,
    memory: runs[0].memory ? { rss: Math.max(...runs.map((r) => r.memory?.rss ?? 0)), peak: Math.max(...runs.map((r) => r.memory?.peak ?? 0)) } : undefined,
  };
}

const verdict = (ok: boolean) => (ok ? 'met' : '**NOT met**');

/** The markdown of one benchmark script: one table for all its paths, the targets, the rounds. */
export function renderResults(title: string, description: string, stack: BenchStack, seconds: number, results: PathResult[], loadAtStart: number[]): string {
  const shown = (cpu: number) => (cpu < 0.5 ? '–' : String(Math.round(cpu)));
  const lines = [
    `### ${title} (latest run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    description,
    `autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up and ${seconds} s measured per run; ${ROUNDS} rounds, each running reference, distributed and standalone in turn. ` +
      `req/s, p50 and p99 are medians over the rounds; "of reference" is the median of each round's ratio to that round's reference; CPU is per request over all rounds. ` +
      `Node ${process.version}, ${os.cpus().length} cores, load average ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} at the start and ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end. NATS: ${stack.natsMode}.`,
    '',
    '| path | run | req/s | p50 ms | p99 ms | of reference | CPU µs/request: reference | gateway | delivery-intake | nats-server | PostgreSQL | standalone | load generator | failed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const verdicts: string[] = [];
  const notes: string[] = [];
  for (const result of results) {
    for (const target of TARGETS) {
      const s = summary(result.runs[target]);
      const c = s.cpu;
      lines.push(
        `| ${result.name} | ${target} | ${s.requestsPerSecond} | ${s.p50} | ${s.p99} | ${target === 'reference' ? '100 %' : percent(ratioOf(result, target))} | ` +
          `${shown(c.reference)} | ${shown(c.gateway)} | ${shown(c['delivery-intake'])} | ${shown(c['nats-server'])} | ${shown(c.postgres)} | ${shown(c.standalone)} | ${shown(c['load generator'])} | ${s.failures} |`,
      );
    }
    const distributed = summary(result.runs.distributed);
    const standalone = summary(result.runs.standalone);
    const { targets } = result;
    const distributedRatio = ratioOf(result, 'distributed');
    const standaloneRatio = ratioOf(result, 'standalone');
    const memory = standalone.memory ?? { rss: 0, peak: 0 };
    verdicts.push(
      `- ${result.name}: distributed ≥ ${percent(targets.distributed.ratio)} of the reference (${percent(distributedRatio)}) — ${verdict(distributedRatio >= targets.distributed.ratio)}; ` +
        `p99 ≤ ${targets.distributed.p99} ms (${distributed.p99} ms) — ${verdict(distributed.p99 <= targets.distributed.p99)}; ` +
        `standalone ≥ ${percent(targets.standalone.ratio)} (${percent(standaloneRatio)}) — ${verdict(standaloneRatio >= targets.standalone.ratio)}; ` +
        `standalone RSS under load ≤ ${targets.standaloneRss} MiB (largest sampled ${memory.rss} MiB, process peak ${memory.peak} MiB) — ${verdict(memory.rss <= targets.standaloneRss)}.`,
    );
    const rounds = TARGETS.map((target) => `${target} ${result.runs[target].map((r) => r.requestsPerSecond).join(', ')}`).join('; ');
    notes.push(`- ${result.name}, req/s per round: ${rounds}.`);
    const backlog = TARGETS.filter((t) => result.runs[t].some((r) => r.waitingAtEnd > 0)).map(
      (t) => `${t} up to ${Math.max(...result.runs[t].map((r) => r.waitingAtEnd))} waiting, published within ${Math.max(...result.runs[t].map((r) => r.drainSeconds)).toFixed(1)} s`,
    );
    if (backlog.length) notes.push(`- ${result.name}, events not yet published when the load stopped (CPU includes publishing them): ${backlog.join('; ')}.`);
    const failed = TARGETS.filter((t) => result.runs[t].some((r) => r.failures > 0)).map((t) => `${t}: ${result.runs[t].map((r) => r.failureKinds || 'none').join(' | ')}`);
    if (failed.length) notes.push(`- ${result.name}, failed requests per round: ${failed.join('; ')}.`);
    if (result.probeLabel) {
      const probed = TARGETS.filter((t) => t !== 'standalone').map((t) => `${t} ${summary(result.runs[t]).probedPerRequest?.toFixed(2)}`);
      notes.push(`- ${result.name}, ${result.probeLabel} per request: ${probed.join(', ')}.`);
    }
  }
  return [...lines, '', 'Targets (2-core machine, 50 connections):', '', ...verdicts, '', ...notes].join('\n');
}

export const loadAverage = () => os.loadavg();

/** Writes a script's results into its block of docs/benchmarks.md and prints them. */
export function publishResults(block: string, markdown: string): void {
  const file = writeBenchmarkBlock(block, markdown);
  process.stdout.write(`\n${markdown}\n\nwritten to ${file}\n`);
}

/** Runs a bench script; a failure exits non-zero with its cause. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
}
