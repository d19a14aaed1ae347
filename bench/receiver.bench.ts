/**
 * `npm run bench:receiver`: signed GitHub push deliveries (3 commits, one work-item key each) posted
 * open-loop to the repo-receiver of a distributed run (api-gateway, delivery-intake, repo-receiver,
 * PostgreSQL, NATS) at BENCH_RATE per second (default 500) for BENCH_DELIVERIES (default 10,000),
 * after a warm-up. Reports accepted deliveries per second, acknowledgement latency (request sent →
 * 202 read), delivery-to-linked latency (request sent → the delivery's `processed_at`, written after
 * its artifacts and links are committed) and receiver memory into docs/benchmarks.md ("receiver").
 */
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { Client } from 'pg';
import { checkNats, checkPostgres, createScratchDatabase, freePort, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import { PushConnection, signedPush } from './github-push';
import { BackendCpu, cpuSeconds, deleteStreams, memoryOf, pidsOf, poster, writeBenchmarkBlock } from './support';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const WARM_UP = Math.min(1_000, Math.ceil(DELIVERIES / 5));
const ITEMS = 300;
/** Repositories the deliveries are spread over: one repository's deliveries are processed in order. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function main(): Promise<void> {
  await checkPostgres(adminUrl);
  await checkNats(natsUrl);
  const suffix = randomBytes(4).toString('hex');
  const scratch = await createScratchDatabase(adminUrl, 'pds_bench_receiver');
  const children: ChildProcess[] = [];
  const operatorToken = randomBytes(24).toString('base64url');
  const env = {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    OPERATOR_TOKEN: operatorToken,
    HOST: '127.0.0.1',
    DATABASE_URL: scratch.url,
    NATS_URL: natsUrl,
    NATS_SUBJECT_PREFIX: `bench_${suffix}`,
  };
  const db = new Client({ connectionString: scratch.url });
  try {
    process.stdout.write('starting api-gateway, delivery-intake and repo-receiver...\n');
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean);
    const ports = { gateway: await freePort(), intake: await freePort(), receiver: await freePort() };
    const gateway = spawnApp('api-gateway', { env: { ...env, PORT: String(ports.gateway) }, nodeArgs });
    const intake = spawnApp('delivery-intake', { env: { ...env, PORT: String(ports.intake) }, nodeArgs });
    const receiver = spawnApp('repo-receiver', { env: { ...env, PORT: String(ports.receiver) }, nodeArgs });
    children.push(gateway, intake, receiver);
    const gatewayUrl = `http://127.0.0.1:${ports.gateway}`;
    const receiverUrl = `http://127.0.0.1:${ports.receiver}`;
    await waitUntilReady(gatewayUrl, gateway);
    await waitUntilReady(`http://127.0.0.1:${ports.intake}`, intake);
    await waitUntilReady(receiverUrl, receiver);
    await db.connect();

    const created = await fetch(`${gatewayUrl}/operator/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench receiver', adminEmail: 'bench-receiver@example.com' }),
    }).then((r) => r.json() as Promise<{ apiKey: string }>);
    const api = poster(gatewayUrl, { 'x-api-key': created.apiKey, 'content-type': 'application/json' });
    for (let i = 0; i < ITEMS; i += 1) {
      if ((await api('/api/v1/work-items', { title: `Bench item ${i}`, type: 'TASK' })) !== 200) throw new Error('work item failed');
    }
    const connections: PushConnection[] = [];
    for (let i = 0; i < CONNECTIONS; i += 1) {
      connections.push(
        await fetch(`${gatewayUrl}/api/v1/repositories`, {
          method: 'POST',
          headers: { 'x-api-key': created.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ provider: 'GITHUB', fullName: `acme/bench-${i}` }),
        }).then(async (r) => {
          // A refused connection would surface later as a signature with no secret, past the clean-up.
          if (!r.ok) throw new Error(`connecting acme/bench-${i}: ${r.status} ${await r.text()}`);
          return (await r.json()) as PushConnection;
        }),
      );
    }

    const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
    const sentAt = new Map<string, number>();
    const acks: number[] = [];
    let accepted = 0;
    let refused = 0;
    const deliver = (n: number, record: boolean) =>
      new Promise<void>((resolve, reject) => {
        const push = signedPush(connections[n % CONNECTIONS], n, (i) => `WI-${(i % ITEMS) + 1}`);
        const started = performance.now();
        if (record) sentAt.set(push.id, Date.now());
        const request = http.request(
          `${receiverUrl}${push.path}`,
          { method: 'POST', agent, headers: { ...push.headers, 'content-length': Buffer.byteLength(push.body) } },
          (response) => {
            response.resume();
            response.on('end', () => {
              if (record) {
                acks.push(performance.now() - started);
                if (response.statusCode === 202) accepted += 1;
                else refused += 1;
              }
              resolve();
            });
          },
        );
        request.on('error', reject);
        request.end(push.body);
      });
    // Open loop: delivery i is sent at started + i / RATE whether or not earlier ones have answered.
    const openLoop = async (count: number, offset: number, record: boolean) => {
      const started = performance.now();
      const pending: Promise<void>[] = [];
      for (let i = 0; i < count; i += 1) {
        const wait = started + (i * 1000) / RATE - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        pending.push(deliver(offset + i, record));
      }
      await Promise.all(pending);
      return (performance.now() - started) / 1000;
    };
    const processed = async () =>
      Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM repos.received_deliveries WHERE status = 'PROCESSED'`)).rows[0].n);
    const waitProcessed = async (count: number) => {
      const deadline = Date.now() + 600_000;
      while ((await processed()) < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    };

    process.stdout.write(`warm-up: ${WARM_UP} deliveries at ${RATE}/s...\n`);
    await openLoop(WARM_UP, 0, false);
    await waitProcessed(WARM_UP);

    const groups: Record<string, () => number[]> = {
      'repo-receiver': () => [receiver.pid as number],
      'delivery-intake': () => [intake.pid as number],
      'nats-server (shared with other runs)': () => pidsOf('nats-server'),
      'bench (producer)': () => [process.pid],
    };
    const backends = new BackendCpu(db);
    await backends.start();
    const databaseStats = async () => {
      const { rows } = await db.query<{ transactions: string; deadlocks: string }>(
        'SELECT xact_commit + xact_rollback AS transactions, deadlocks FROM pg_stat_database WHERE datname = current_database()',
      );
      return { transactions: Number(rows[0].transactions), deadlocks: Number(rows[0].deadlocks) };
    };
    const statsBefore = await databaseStats();
    const cpuBefore = Object.fromEntries(Object.entries(groups).map(([group, pids]) => [group, cpuSeconds(pids())]));
    process.stdout.write(`measured: ${DELIVERIES} deliveries at ${RATE}/s...\n`);
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(receiver.pid).rss);
      void backends.sample().catch(() => undefined);
    }, 200);
    const sentIn = await openLoop(DELIVERIES, WARM_UP, true);
    await waitProcessed(WARM_UP + DELIVERIES);
    clearInterval(sampler);
    await backends.sample();
    // The statistics collector reports with a delay of up to a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const statsAfter = await databaseStats();
    const transactionCount = statsAfter.transactions - statsBefore.transactions;
    const used = Object.fromEntries(Object.entries(groups).map(([group, pids]) => [group, cpuSeconds(pids()) - cpuBefore[group]]));
    used['postgres (this run\'s backends)'] = backends.seconds();
    const cpu = Object.entries(used).map(([group, seconds]) => `${group} ${seconds.toFixed(1)} s (${((seconds * 1000) / DELIVERIES).toFixed(2)} ms per delivery)`);

    const rows = (
      await db.query<{ provider_id: string; processed_at: Date; status: string }>(
        `SELECT provider_id, processed_at, status FROM repos.received_deliveries WHERE provider_id = ANY($1::text[])`,
        [[...sentAt.keys()]],
      )
    ).rows;
    const linked = rows
      .filter((r) => r.status === 'PROCESSED')
      .map((r) => r.processed_at.getTime() - (sentAt.get(r.provider_id) as number))
      .sort((a, b) => a - b);
    const lastProcessed = Math.max(...rows.map((r) => r.processed_at?.getTime() ?? 0));
    const firstSent = Math.min(...sentAt.values());
    const links = Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM repos.artifact_links`)).rows[0].n);
    const sortedAcks = [...acks].sort((a, b) => a - b);
    const memory = memoryOf(receiver.pid);
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
    const fmt = (v: number) => v.toFixed(1);

    const markdown = [
      '## Repository receiver (`npm run bench:receiver`)',
      '',
      `After a warm-up of ${WARM_UP}, ${DELIVERIES} signed GitHub push deliveries (a new branch, 3 commits naming one work item each, ${ITEMS} items, ${CONNECTIONS} repositories) posted open-loop at ${RATE}/s to the repo-receiver of a distributed run (api-gateway, delivery-intake, one repo-receiver, PostgreSQL, NATS); measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on the project machine (2 cores shared by PostgreSQL, NATS, every app, the load generator; the load average below says what else ran).`,
      '',
      '| Measure | Result | Target |',
      '|---|---|---|',
      `| accepted (202) / refused | ${accepted} / ${refused} of ${DELIVERIES} | all |`,
      `| sent in | ${fmt(sentIn)} s (${Math.round(DELIVERIES / sentIn)} deliveries/s offered) | ${RATE}/s |`,
      `| processed (first sent → last processed) | ${linked.length} of ${DELIVERIES}, ${Math.round(linked.length / ((lastProcessed - firstSent) / 1000))} deliveries/s | ≥ 500/s, none lost |`,
      `| acknowledgement p50 / p99 / max | ${fmt(percentile(sortedAcks, 50))} / ${fmt(percentile(sortedAcks, 99))} / ${fmt(sortedAcks[sortedAcks.length - 1])} ms | p99 ≤ 50 ms |`,
      `| delivery-to-linked p50 / p99 / max | ${percentile(linked, 50)} / ${percentile(linked, 99)} / ${linked[linked.length - 1]} ms | p99 ≤ 1,000 ms |`,
      `| artifact links stored (warm-up included) | ${links} (3 per delivery expected: ${(WARM_UP + DELIVERIES) * 3}) | |`,
      `| CPU used | ${cpu.join(', ')} | |`,
      `| PostgreSQL transactions (statements outside a transaction count one each) | ${(transactionCount / DELIVERIES).toFixed(2)} per delivery, ${statsAfter.deadlocks - statsBefore.deadlocks} deadlocks | |`,
      `| repo-receiver memory RSS end (peak) | ${memory.rss} MiB (${Math.max(peak, memory.peak)} MiB) | |`,
      '',
      `Load average at the end (1 / 5 / 15 min): ${load}. Delivery-to-linked runs from the moment the request was sent to the delivery's \`processed_at\`, which is written after its branch, commits and links are committed (the same clock: one machine).`,
    ].join('\n');
    process.stdout.write(`${markdown}\n`);
    process.stdout.write(`written to ${writeBenchmarkBlock('receiver', markdown)}\n`);
  } finally {
    await db.end().catch(() => undefined);
    await stopProcesses(children);
    await scratch.drop().catch(() => undefined);
    await deleteStreams(`bench_${suffix}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
