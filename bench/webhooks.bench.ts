/**
 * `npm run bench:webhooks`: work-item events to 10 subscriptions on a local receiver, distributed
 * run (api-gateway, delivery-intake, two webhook-dispatcher replicas, PostgreSQL, NATS).
 *
 * Two phases of BENCH_EVENTS events each (default 10,000, so 100,000 signed deliveries each):
 * 1. at the target rate: events are produced open-loop at BENCH_RATE per second (default 100, so
 *    1,000 deliveries per second are offered), which is how "latency at that rate" is measured;
 * 2. ceiling: 32 clients create work items as fast as the stack accepts them.
 * Reports deliveries per second, event-to-first-attempt latency (envelope createdAt → arrival at the
 * receiver), CPU per process group and dispatcher memory into docs/benchmarks.md ("webhooks").
 */
import { randomBytes } from 'node:crypto';
import { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { checkNats, checkPostgres, createScratchDatabase, freePort, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import { cpuSeconds, deleteStreams, distributedBenchEnv, memoryOf, pidsOf, poster, writeBenchmarkBlock } from './support';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SUBSCRIPTIONS = 10;
const CEILING_CLIENTS = 32;
const WARM_UP_EVENTS = Math.min(1_000, Math.ceil(EVENTS / 5));
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

interface Arrivals {
  first: Map<string, number>;
  total: number;
  lastAt: number;
  latencies: number[];
}

const newArrivals = (): Arrivals => ({ first: new Map(), total: 0, lastAt: 0, latencies: [] });

/** Answers 200 at once and records when each (event, subscription) first arrived. */
async function startReceiver(current: () => Arrivals): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      res.writeHead(200).end();
      const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; createdAt: string };
      if (!req.headers['x-svc-signature'] || !req.headers['webhook-signature']) throw new Error('unsigned delivery');
      const arrivals = current();
      const key = `${envelope.id}${req.url}`;
      arrivals.total += 1;
      if (!arrivals.first.has(key)) {
        arrivals.first.set(key, now);
        arrivals.latencies.push(now - Date.parse(envelope.createdAt));
      }
      arrivals.lastAt = now;
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

interface PhaseResult {
  producedIn: number;
  deliveriesPerSecond: number;
  distinct: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  cpu: string[];
  cpuCores: number;
}

async function main(): Promise<void> {
  await checkPostgres(adminUrl);
  await checkNats(natsUrl);
  const suffix = randomBytes(4).toString('hex');
  const scratch = await createScratchDatabase(adminUrl, 'pds_bench_webhooks');

  let arrivals = newArrivals();
  const receiver = await startReceiver(() => arrivals);
  const children: ChildProcess[] = [];
  const operatorToken = randomBytes(24).toString('base64url');
  const env = { ...distributedBenchEnv(operatorToken, scratch.url, natsUrl, `bench_${suffix}`), WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
  try {
    process.stdout.write('starting api-gateway, delivery-intake and two webhook-dispatchers...\n');
    // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile every app of the run.
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean);
    const gatewayPort = await freePort();
    const gateway = spawnApp('api-gateway', { env: { ...env, PORT: String(gatewayPort) }, nodeArgs });
    const intakePort = await freePort();
    const intake = spawnApp('delivery-intake', { env: { ...env, PORT: String(intakePort) }, nodeArgs });
    const dispatcherPorts = [await freePort(), await freePort()];
    const dispatchers = dispatcherPorts.map((port) => spawnApp('webhook-dispatcher', { env: { ...env, PORT: String(port) }, nodeArgs }));
    children.push(gateway, intake, ...dispatchers);
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitUntilReady(gatewayUrl, gateway);
    await waitUntilReady(`http://127.0.0.1:${intakePort}`, intake);
    await Promise.all(dispatcherPorts.map((port, i) => waitUntilReady(`http://127.0.0.1:${port}`, dispatchers[i])));

    const created = await fetch(`${gatewayUrl}/operator/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench webhooks', adminEmail: 'bench-webhooks@example.com' }),
    }).then((r) => r.json() as Promise<{ apiKey: string }>);
    const post = poster(gatewayUrl, { 'x-api-key': created.apiKey, 'content-type': 'application/json' });
    for (let i = 0; i < SUBSCRIPTIONS; i += 1) {
      const status = await post('/api/v1/webhooks', { url: `${receiver.url}/hook-${i}`, events: ['work_item.created'] });
      if (status !== 200) throw new Error(`subscription failed: ${status}`);
    }
    const createItem = async (i: number) => {
      const status = await post('/api/v1/work-items', { title: `Bench event ${i}`, type: 'TASK' });
      if (status !== 200) throw new Error(`event ${i} failed: ${status}`);
    };

    const groups: Record<string, () => number[]> = {
      'api-gateway': () => [gateway.pid as number],
      'delivery-intake': () => [intake.pid as number],
      'webhook-dispatchers': () => dispatchers.map((d) => d.pid as number),
      'nats-server': () => pidsOf('nats-server'),
      postgres: () => pidsOf('postgres'),
      'bench (producers + receiver)': () => [process.pid],
    };
    const peak = [0, 0];

    const runPhase = async (name: string, produce: () => Promise<void>, events = EVENTS): Promise<PhaseResult> => {
      process.stdout.write(`${name}: ${events} events for ${SUBSCRIPTIONS} subscriptions...\n`);
      arrivals = newArrivals();
      const cpuBefore = Object.fromEntries(Object.entries(groups).map(([group, pids]) => [group, cpuSeconds(pids())]));
      const started = Date.now();
      await produce();
      const producedIn = (Date.now() - started) / 1000;
      const expected = events * SUBSCRIPTIONS;
      const deadline = Date.now() + 600_000;
      while (arrivals.first.size < expected && Date.now() < deadline) {
        dispatchers.forEach((d, i) => (peak[i] = Math.max(peak[i], memoryOf(d.pid).rss)));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const seconds = (arrivals.lastAt - started) / 1000;
      const used = Object.entries(groups).map(([group, pids]) => [group, cpuSeconds(pids()) - cpuBefore[group]] as const);
      const sorted = [...arrivals.latencies].sort((a, b) => a - b);
      return {
        producedIn,
        deliveriesPerSecond: Math.round(arrivals.first.size / seconds),
        distinct: arrivals.first.size,
        total: arrivals.total,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: sorted[sorted.length - 1],
        cpu: used.map(([group, s]) => `${group} ${s.toFixed(1)} s`),
        cpuCores: used.reduce((sum, [, s]) => sum + s, 0) / seconds,
      };
    };

    // Open loop: event i is sent at started + i / RATE whether or not earlier ones have answered.
    const produceAtRate = (events: number) => async () => {
      const started = performance.now();
      const pending: Promise<void>[] = [];
      for (let i = 0; i < events; i += 1) {
        const wait = started + (i * 1000) / RATE - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        pending.push(createItem(i));
      }
      await Promise.all(pending);
    };
    // Warm-up (not reported): JIT, connection pools and prepared plans settle before measuring.
    await runPhase('warm-up', produceAtRate(WARM_UP_EVENTS), WARM_UP_EVENTS);
    const atRate = await runPhase(`at ${RATE} events/s`, produceAtRate(EVENTS));
    const ceiling = await runPhase('ceiling', async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: CEILING_CLIENTS }, async () => {
          while (next < EVENTS) await createItem(next++);
        }),
      );
    });

    const memory = dispatchers.map((d) => memoryOf(d.pid));
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
    const expected = EVENTS * SUBSCRIPTIONS;
    const row = (label: string, value: (r: PhaseResult) => string) => `| ${label} | ${value(atRate)} | ${value(ceiling)} |`;
    const markdown = [
      '## Webhooks (`npm run bench:webhooks`)',
      '',
      `After a warm-up of ${WARM_UP_EVENTS} events, ${EVENTS} \`work_item.created\` events per phase (POST /work-items through the gateway) to ${SUBSCRIPTIONS} subscriptions on one local receiver, so ${expected} signed deliveries per phase; distributed run with two webhook-dispatcher replicas; measured ${new Date().toISOString().slice(0, 10)} on the project machine (2 cores shared by PostgreSQL, NATS, every app and the load generator).`,
      '',
      `| Measure | at ${RATE} events/s (${RATE * SUBSCRIPTIONS} deliveries/s offered) | ceiling (${CEILING_CLIENTS} clients, closed loop) |`,
      '|---|---|---|',
      row('deliveries received (distinct / all)', (r) => `${r.distinct} / ${r.total} of ${expected}`),
      row('events produced in', (r) => `${r.producedIn.toFixed(1)} s (${Math.round(EVENTS / r.producedIn)} events/s)`),
      row('signed deliveries per second (first event → last delivery)', (r) => String(r.deliveriesPerSecond)),
      row('event-to-first-attempt p50 / p95 / p99 / max', (r) => `${r.p50} / ${r.p95} / ${r.p99} / ${r.max} ms`),
      row('CPU used (cores busy on average)', (r) => `${r.cpu.join(', ')} (${r.cpuCores.toFixed(2)} of 2)`),
      '',
      `Dispatcher memory RSS at the end (peak seen): ${memory.map((m, i) => `${m.rss} MiB (${Math.max(peak[i], m.peak)} MiB)`).join(', ')}. Load average at the end (1 / 5 / 15 min): ${load}.`,
      '',
      'The latency runs from the envelope `createdAt` (set inside the write transaction of the work item) to the arrival at the receiver: it includes the commit, the outbox relay, JetStream, the insert of the delivery rows and the signed HTTP attempt. The first phase offers events at a fixed rate, so its latency is the latency at that rate; the ceiling phase saturates the machine and its latency is mostly queueing.',
    ].join('\n');
    process.stdout.write(`${markdown}\n`);
    process.stdout.write(`written to ${writeBenchmarkBlock('webhooks', markdown)}\n`);
  } finally {
    await stopProcesses(children);
    await receiver.close();
    await scratch.drop().catch(() => undefined);
    await deleteStreams(`bench_${suffix}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
