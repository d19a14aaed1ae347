/**
 * `npm run bench`: GET /work-items/{key} through the distributed path (gateway → NATS →
 * delivery-intake → PostgreSQL, real auth, rate limit raised) and through standalone, against a
 * bare Fastify + pg reference doing the same lookup on the same table. Rounds alternate reference
 * and distributed so that machine noise hits both; the ratio is the result. `BENCH_NATS=private`
 * runs the distributed path on a private nats-server with the apps' users and permissions.
 * Writes docs/benchmarks.md (block "work-items").
 */
import { randomBytes } from 'node:crypto';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrivateNats, startPrivateNats } from '../tools/nats-server';
import { checkNats, checkPostgres, createScratchDatabase, freePort, repoRoot, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import { LoadResult, deleteStreams, load, memoryOf, writeBenchmarkBlock } from './support';

const ITEMS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

async function seed(baseUrl: string, operatorToken: string): Promise<{ apiKey: string; organizationId: string }> {
  const created = await fetch(`${baseUrl}/operator/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', adminEmail: 'bench@example.com' }),
  }).then((r) => r.json() as Promise<{ apiKey: string; organization: { id: string } }>);
  const headers = { 'x-api-key': created.apiKey, 'content-type': 'application/json' };
  for (let i = 0; i < ITEMS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, ITEMS - i) }, (_, j) =>
        fetch(`${baseUrl}/api/v1/work-items`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ title: `Bench item ${i + j}`, type: 'TASK', description: 'A realistic description of some work.', estimate: 3 }),
        }).then((r) => {
          if (!r.ok) throw new Error(`seeding failed: ${r.status}`);
        }),
      ),
    );
  }
  return { apiKey: created.apiKey, organizationId: created.organization.id };
}

const paths = Array.from({ length: ITEMS }, (_, i) => `/api/v1/work-items/WI-${i + 1}`);

function median(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function main(): Promise<void> {
  await checkPostgres(adminUrl);
  const suffix = randomBytes(4).toString('hex');
  const nats: PrivateNats | undefined = process.env.BENCH_NATS === 'private' ? await startPrivateNats({ subjectPrefix: `bench_${suffix}` }) : undefined;
  if (!nats) await checkNats(natsUrl);
  const scratch = await createScratchDatabase(adminUrl, 'pds_bench');
  const databaseUrl = scratch.url;

  const children: ChildProcess[] = [];
  const operatorToken = randomBytes(24).toString('base64url');
  const env = {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    OPERATOR_TOKEN: operatorToken,
    HOST: '127.0.0.1',
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pds-bench-'));
  try {
    process.stdout.write('starting the distributed path (api-gateway, delivery-intake)...\n');
    const distributedEnv = { ...env, DATABASE_URL: databaseUrl, NATS_URL: nats?.url ?? natsUrl, NATS_SUBJECT_PREFIX: `bench_${suffix}` };
    const gatewayPort = await freePort();
    const gateway = spawnApp('api-gateway', { env: { ...distributedEnv, ...nats?.credentials('api-gateway'), PORT: String(gatewayPort) } });
    const delivery = spawnApp('delivery-intake', { env: { ...distributedEnv, ...nats?.credentials('delivery-intake'), PORT: String(await freePort()) } });
    children.push(gateway, delivery);
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitUntilReady(gatewayUrl, gateway);
    const org = await seed(gatewayUrl, operatorToken);

    const referencePort = await freePort();
    const reference = spawn(process.execPath, [path.join(repoRoot, 'dist', 'bench', 'reference-server.js')], {
      env: { ...env, DATABASE_URL: databaseUrl, BENCH_ORGANIZATION_ID: org.organizationId, PORT: String(referencePort) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(reference);
    await new Promise((resolve) => reference.stdout?.once('data', resolve));
    const referenceUrl = `http://127.0.0.1:${referencePort}`;

    const referenceRuns: LoadResult[] = [];
    const distributedRuns: LoadResult[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      process.stdout.write(`round ${round}/${ROUNDS}: reference...\n`);
      referenceRuns.push(await load(referenceUrl, paths, {}, SECONDS));
      process.stdout.write(`round ${round}/${ROUNDS}: distributed...\n`);
      distributedRuns.push(await load(gatewayUrl, paths, { 'x-api-key': org.apiKey }, SECONDS));
    }
    const memory = { gateway: memoryOf(gateway.pid), delivery: memoryOf(delivery.pid), reference: memoryOf(reference.pid) };
    await stopProcesses(children.splice(0));

    process.stdout.write('standalone...\n');
    const standalonePort = await freePort();
    const standalone = spawnApp('standalone', { env: { ...env, PORT: String(standalonePort), DATA_DIR: dataDir } });
    children.push(standalone);
    const standaloneUrl = `http://127.0.0.1:${standalonePort}`;
    await waitUntilReady(standaloneUrl, standalone);
    const standaloneOrg = await seed(standaloneUrl, operatorToken);
    const standaloneRun = await load(standaloneUrl, paths, { 'x-api-key': standaloneOrg.apiKey }, SECONDS);
    const standaloneMemory = memoryOf(standalone.pid);

    const ref = median(referenceRuns);
    const dist = median(distributedRuns);
    const ratio = (r: LoadResult) => `${Math.round((r.requestsPerSecond / ref.requestsPerSecond) * 100)} %`;
    const row = (name: string, r: LoadResult, mem: string) =>
      `| ${name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${ratio(r)} | ${mem} | ${r.non2xx + r.errors} |`;
    const markdown = [
      `### GET /api/v1/work-items/{key} (latest run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      '',
      `${ITEMS} work items, keys rotating; autocannon, 50 connections, 3 s warm-up, ${SECONDS} s measured;`,
      `median of ${ROUNDS} alternating rounds for reference and distributed. Node ${process.version}, ${os.cpus().length} cores. Apps log at warn.`,
      nats ? 'NATS: a private nats-server with the apps\' users and permissions (BENCH_NATS=private).' : 'NATS: the machine\'s server, without credentials.',
      '',
      '| target | req/s | p50 ms | p99 ms | of reference | RSS (peak) MiB | non-2xx + errors |',
      '|---|---|---|---|---|---|---|',
      row('reference: Fastify + pg, prepared statement', ref, `${memory.reference.rss} (${memory.reference.peak})`),
      row(
        'distributed: gateway → NATS → delivery-intake → PostgreSQL',
        dist,
        `gateway ${memory.gateway.rss} (${memory.gateway.peak}), delivery-intake ${memory.delivery.rss} (${memory.delivery.peak})`,
      ),
      row('standalone: one process, PGlite', standaloneRun, `${standaloneMemory.rss} (${standaloneMemory.peak})`),
      '',
      `Rounds (req/s): reference ${referenceRuns.map((r) => r.requestsPerSecond).join(', ')}; distributed ${distributedRuns.map((r) => r.requestsPerSecond).join(', ')}.`,
      `Target: distributed ≥ 50 % of reference with p99 ≤ 25 ms — ${dist.requestsPerSecond / ref.requestsPerSecond >= 0.5 && dist.p99 <= 25 ? 'met' : 'NOT met'}.`,
    ].join('\n');
    const file = writeBenchmarkBlock('work-items', markdown);
    process.stdout.write(`\n${markdown}\n\nwritten to ${file}\n`);
  } finally {
    await stopProcesses(children);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop().catch(() => undefined);
    if (nats) await nats.stop();
    else await deleteStreams(`bench_${suffix}`, natsUrl);
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
