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
import { cpuSeconds, deleteStreams, distributedBenchEnv } from './support';

const ITEMS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

interface Build {
  name: string;
  root: string;
  url: string;
  apiKey: string;
  pids: { gateway: number; service: number };
  runs: { rps: number; p99: number; gatewayUs: number; serviceUs: number }[];
  stop(): Promise<void>;
}

/** Starts one build's gateway and delivery-intake on a scratch database its own migrations created. */
async function startBuild(name: string, root: string): Promise<Build> {
  // The base's own harness migrates its database: schemas differ between builds.
  type Stack = typeof import('../tools/stack');
  // A CommonJS module imported dynamically: its exports arrive as `default`.
  const loaded = (await import(path.join(root, 'dist', 'tools', 'stack.js'))) as Stack & { default?: Stack };
  const stack = loaded.default ?? loaded;
  const scratch = await stack.createScratchDatabase(adminUrl, `pds_cmp_${name}`);
  const prefix = `cmp_${name}_${randomBytes(3).toString('hex')}`;
  const operatorToken = randomBytes(24).toString('base64url');
  const env = distributedBenchEnv(operatorToken, scratch.url, natsUrl, prefix);
  const port = await freePort();
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…": V8 profiles of both builds under the same load.
  // The V8 flags this build's apps set on themselves, on the command line for both builds, so that
  // the code is what differs (a base build from before runDistributedApp applied them would run without).
  const nodeArgs = [...DISTRIBUTED_V8_FLAGS, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const logFile = (app: string) => path.join(os.tmpdir(), `pds-compare-${prefix}-${app}.log`);
  const children: ChildProcess[] = [
    spawnApp('api-gateway', { root, env: { ...env, PORT: String(port) }, logFile: logFile('api-gateway'), nodeArgs }),
    spawnApp('delivery-intake', { root, env: { ...env, PORT: String(await freePort()) }, logFile: logFile('delivery-intake'), nodeArgs }),
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
    await seedItems(url, organization.apiKey, ITEMS, (i) => benchItem(i));
    process.stdout.write(`${name}: api-gateway pid ${children[0].pid}, delivery-intake pid ${children[1].pid}\n`);
    return { name, root, url, apiKey: organization.apiKey, pids: { gateway: children[0].pid as number, service: children[1].pid as number }, runs: [], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function measure(build: Build): Promise<void> {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: build.url,
      connections: 50,
      duration,
      requests: [{ method: 'GET', headers: { 'x-api-key': build.apiKey }, setupRequest: (r) => ({ ...r, path: `/api/v1/work-items/WI-${(next++ % ITEMS) + 1}` }) }],
    });
  await run(WARMUP);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = { gateway: cpuSeconds([build.pids.gateway]), service: cpuSeconds([build.pids.service]) };
  const result = await run(SECONDS);
  const requests = result.requests.total;
  if (result.non2xx || result.errors) throw new Error(`${build.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const us = (pid: number, was: number) => Math.round(((cpuSeconds([pid]) - was) * 1e6) / requests);
  const measured = {
    rps: Math.round(requests / SECONDS),
    p99: result.latency.p99,
    gatewayUs: us(build.pids.gateway, before.gateway),
    serviceUs: us(build.pids.service, before.service),
  };
  build.runs.push(measured);
  process.stdout.write(`${build.name}: ${measured.rps} req/s, p99 ${measured.p99} ms, gateway ${measured.gatewayUs} µs, delivery-intake ${measured.serviceUs} µs per request\n`);
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
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const build of round % 2 ? [head, base] : [base, head]) await measure(build);
    }
    const shares = base.runs.map((run, i) => head.runs[i].rps / run.rps);
    process.stdout.write(`\nload average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}\n`);
    process.stdout.write('| build | req/s (median) | p99 ms | gateway µs/request | delivery-intake µs/request |\n|---|---|---|---|---|\n');
    for (const build of [base, head]) {
      const m = (key: keyof Build['runs'][number]) => median(build.runs.map((r) => r[key]));
      process.stdout.write(`| ${build.name} (${build.root}) | ${Math.round(m('rps'))} | ${m('p99')} | ${Math.round(m('gatewayUs'))} | ${Math.round(m('serviceUs'))} |\n`);
    }
    process.stdout.write(`\nhead's req/s as a share of base's, per round: ${shares.map((s) => `${Math.round(s * 100)} %`).join(', ')}; median ${Math.round(median(shares) * 100)} %\n`);
  } finally {
    await Promise.all([base.stop(), head.stop()]);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
