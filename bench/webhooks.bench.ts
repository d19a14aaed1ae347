/**
 * `npm run bench:webhooks`: work-item events to 10 subscriptions on a local receiver, distributed
 * run (api-gateway, delivery-intake, two webhook-dispatcher replicas, PostgreSQL, NATS).
 *
 * Two phases of BENCH_EVENTS events each (default 10,000, so 100,000 signed deliveries each):
 * 1. at the target rate: events are produced open-loop at BENCH_RATE per second (default 200, so
 *    2,000 deliveries per second are offered), which is how "latency at that rate" is measured;
 * 2. ceiling: 32 clients create work items as fast as the stack accepts them.
 * Reports deliveries per second, event-to-first-attempt latency (envelope createdAt → arrival at the
 * receiver), CPU per process group and per event, PostgreSQL transactions per event and dispatcher
 * memory into docs/benchmarks.md ("webhooks"), with whether each target was met.
 */
import { randomBytes } from 'node:crypto';
import { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { eventsStreamName } from '@pds/messaging';
import { checkNats, checkPostgres, createScratchDatabase, freePort, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import { cpuSeconds, deleteStreams, distributedBenchEnv, memoryOf, pidsOf, poster, writeBenchmarkBlock } from './support';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SUBSCRIPTIONS = 10;
const CEILING_CLIENTS = 32;
const WARM_UP_EVENTS = Math.min(1_000, Math.ceil(EVENTS / 5));
/** The targets on the project's 2-core machine (docs/benchmarks.md). */
const TARGET_RATE_DELIVERIES = 2_000;
const TARGET_P99_MS = 250;
const TARGET_CEILING_DELIVERIES = 3_000;
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

interface Arrivals {
  first: Map<string, number>;
  total: number;
  lastAt: number;
  latencies: number[];
}

const newArrivals = (): Arrivals => ({ first: new Map(), total: 0, lastAt: 0, latencies: [] });

/**
 * CPU of this run's own PostgreSQL backends, by the application that opened them (each app names
 * its pool; autovacuum workers of this database count as "other"): the server is shared with other
 * work on the machine, so counting every postgres process would charge that work to this run, and
 * the split shows what the event's producer (the work-item create) costs beside the dispatchers.
 * Sampled, since a backend may end before the phase does; one first seen after `start` counts from
 * its beginning. The server's shared processes (WAL writer, checkpointer) are not included; the
 * all-processes figure beside it includes them and everything else on the machine.
 */
class BackendCpu {
  private readonly backends = new Map<number, { app: string; first: number; last: number }>();
  private started = false;

  constructor(private readonly db: Client) {}

  async sample(): Promise<void> {
    const { rows } = await this.db.query<{ pid: number; app: string }>(
      'SELECT pid, application_name AS app FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    for (const { pid, app } of rows) {
      const now = cpuSeconds([pid]);
      const seen = this.backends.get(pid);
      if (seen) seen.last = Math.max(seen.last, now);
      else this.backends.set(pid, { app, first: this.started ? 0 : now, last: now });
    }
  }

  async start(): Promise<void> {
    this.started = false;
    this.backends.clear();
    await this.sample();
    this.started = true;
  }

  /** Seconds per application: the apps named, then everything else of this database. */
  byApp(apps: readonly string[]): [string, number][] {
    const seconds = new Map<string, number>([...apps, 'other'].map((app) => [app, 0]));
    for (const b of this.backends.values()) {
      const app = apps.includes(b.app) ? b.app : 'other';
      seconds.set(app, (seconds.get(app) ?? 0) + b.last - b.first);
    }
    return [...seconds];
  }
}

/**
 * `id` and `createdAt` of an envelope, read where the dispatcher writes them (they lead the object)
 * instead of parsing all of it: the receiver shares the machine it measures, 2,000 times a second.
 */
function envelopeHead(body: string): { id: string; createdAt: string } {
  const field = (name: string) => {
    const start = body.indexOf(`"${name}":"`) + name.length + 4;
    return body.slice(start, body.indexOf('"', start));
  };
  const head = { id: field('id'), createdAt: field('createdAt') };
  if (head.id.length !== 36 || Number.isNaN(Date.parse(head.createdAt))) throw new Error(`not an envelope: ${body.slice(0, 200)}`);
  return head;
}

/** Answers 200 at once and records when each (event, subscription) first arrived. */
async function startReceiver(current: () => Arrivals): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      res.writeHead(200).end();
      const envelope = envelopeHead(Buffer.concat(chunks).toString('utf8'));
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

/** Where events waited, at its largest during a phase. */
interface Backlog {
  /** Events written but not yet published (delivery-intake's outbox). */
  outbox: number;
  /** Published, not yet taken and acknowledged by a dispatcher (the durable consumer). */
  stream: number;
  /** Delivery rows stored, not yet attempted or due again (the dispatchers' queue). */
  deliveries: number;
}

interface PhaseResult {
  producedIn: number;
  deliveriesPerSecond: number;
  distinct: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** CPU seconds per process group over the phase. */
  cpu: [string, number][];
  cpuCores: number;
  transactions: number;
  /** 1-minute load average at the start and at the end of the phase. */
  load: string;
  backlog: Backlog;
}

const ALL_POSTGRES = 'postgres (all processes, shared)';

async function main(): Promise<void> {
  await checkPostgres(adminUrl);
  await checkNats(natsUrl);
  const suffix = randomBytes(4).toString('hex');
  const scratch = await createScratchDatabase(adminUrl, 'pds_bench_webhooks');
  const db = new Client({ connectionString: scratch.url, application_name: 'pds-bench-sampler' });
  await db.connect();

  let arrivals = newArrivals();
  const receiver = await startReceiver(() => arrivals);
  const children: ChildProcess[] = [];
  let stopping = false;
  const operatorToken = randomBytes(24).toString('base64url');
  const env = { ...distributedBenchEnv(operatorToken, scratch.url, natsUrl, `bench_${suffix}`), WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
  try {
    process.stdout.write('starting api-gateway, delivery-intake and two webhook-dispatchers...\n');
    // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile every app of the run.
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean);
    // The apps' output is always read (a full pipe would stall or kill an app that logs); the last
    // lines are printed if one exits during the run, and BENCH_LOG_DIR=/tmp/… keeps all of it.
    const start = (app: 'api-gateway' | 'delivery-intake' | 'webhook-dispatcher', name: string, port: number) => {
      const tail: string[] = [];
      const child = spawnApp(app, {
        env: { ...env, PORT: String(port) },
        nodeArgs,
        logFile: process.env.BENCH_LOG_DIR ? path.join(process.env.BENCH_LOG_DIR, `${name}.log`) : undefined,
        onLine: (line) => tail.push(line) > 20 && tail.shift(),
      });
      child.once('exit', (code, signal) => {
        if (!stopping) process.stderr.write(`${name} exited (${code ?? signal}) during the run; its last output:\n${tail.join('\n')}\n`);
      });
      return child;
    };
    const gatewayPort = await freePort();
    const gateway = start('api-gateway', 'api-gateway', gatewayPort);
    const intakePort = await freePort();
    const intake = start('delivery-intake', 'delivery-intake', intakePort);
    const dispatcherPorts = [await freePort(), await freePort()];
    const dispatchers = dispatcherPorts.map((port, i) => start('webhook-dispatcher', `webhook-dispatcher-${i + 1}`, port));
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
      'nats-server (shared)': () => pidsOf('nats-server'),
      [ALL_POSTGRES]: () => pidsOf('postgres'),
      'bench (producers + receiver)': () => [process.pid],
    };
    const peak = [0, 0];
    const backends = new BackendCpu(db);
    // Sampled once a second: which stage a latency comes from (the queue builds where it waits).
    const nc = await connect({ servers: natsUrl });
    const jsm = await nc.jetstreamManager();
    const backlogNow = async (): Promise<Backlog> => {
      const { rows } = await db.query<{ outbox: number; deliveries: number }>(
        `SELECT (SELECT count(*) FROM delivery.outbox WHERE published_at IS NULL AND parked_at IS NULL)::int AS outbox,
                (SELECT count(*) FROM webhooks.deliveries WHERE next_attempt_at IS NOT NULL AND status = 'PENDING')::int AS deliveries`,
      );
      const consumer = await jsm.consumers.info(eventsStreamName(`bench_${suffix}`), 'webhook-dispatcher');
      return { ...rows[0], stream: consumer.num_pending + consumer.num_ack_pending };
    };
    const transactionCount = async () =>
      Number(
        (await db.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0].n,
      );

    const runPhase = async (name: string, produce: () => Promise<void>, events = EVENTS): Promise<PhaseResult> => {
      process.stdout.write(`${name}: ${events} events for ${SUBSCRIPTIONS} subscriptions...\n`);
      arrivals = newArrivals();
      const loadBefore = os.loadavg()[0].toFixed(1);
      await backends.start();
      const transactionsBefore = await transactionCount();
      const cpuBefore = Object.fromEntries(Object.entries(groups).map(([group, pids]) => [group, cpuSeconds(pids())]));
      const exited = () => children.some((child) => child.exitCode !== null || child.signalCode !== null);
      const backlog: Backlog = { outbox: 0, stream: 0, deliveries: 0 };
      let ticks = 0;
      const sampler = setInterval(() => {
        if (exited()) return;
        dispatchers.forEach((d, i) => (peak[i] = Math.max(peak[i], memoryOf(d.pid).rss)));
        void backends.sample().catch(() => undefined);
        if (ticks++ % 5 === 0) {
          void backlogNow()
            .then((now) => {
              for (const key of ['outbox', 'stream', 'deliveries'] as const) backlog[key] = Math.max(backlog[key], now[key]);
            })
            .catch(() => undefined);
        }
      }, 200);
      const started = Date.now();
      await produce();
      const producedIn = (Date.now() - started) / 1000;
      const expected = events * SUBSCRIPTIONS;
      const deadline = Date.now() + 600_000;
      while (arrivals.first.size < expected && Date.now() < deadline && !exited()) await new Promise((resolve) => setTimeout(resolve, 100));
      clearInterval(sampler);
      if (exited()) throw new Error(`${name}: an app exited during the run (its output is above)`);
      await backends.sample();
      const seconds = (arrivals.lastAt - started) / 1000;
      const used: [string, number][] = Object.entries(groups).map(([group, pids]) => [group, cpuSeconds(pids()) - cpuBefore[group]]);
      const ownBackends = backends.byApp(['api-gateway', 'delivery-intake', 'webhook-dispatcher']).map(([app, s]): [string, number] => [`postgres for ${app}`, s]);
      used.splice(used.length - 2, 0, ...ownBackends);
      // The statistics collector reports with a delay of up to a second.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const transactions = (await transactionCount()) - transactionsBefore;
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
        cpu: used,
        // This run's backends stand for PostgreSQL, not every postgres process of the machine.
        cpuCores: used.filter(([group]) => group !== ALL_POSTGRES).reduce((sum, [, s]) => sum + s, 0) / seconds,
        load: `${loadBefore} → ${os.loadavg()[0].toFixed(1)}`,
        backlog,
        transactions: transactions / events,
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
    const perEvent = (r: PhaseResult) => {
      const ms = (s: number) => ((s * 1000) / EVENTS).toFixed(2);
      const total = r.cpu.filter(([group]) => group !== ALL_POSTGRES).reduce((sum, [, s]) => sum + s, 0);
      return `${r.cpu.map(([group, s]) => `${group} ${ms(s)}`).join(', ')}; **total ${ms(total)}** (without the all-processes figure)`;
    };
    const verdict = (met: boolean) => (met ? 'met' : '**NOT met**');
    // The rate counts as offered when the producers kept to it (2 % slack for timer granularity).
    const offered = RATE * SUBSCRIPTIONS >= TARGET_RATE_DELIVERIES && atRate.producedIn <= (EVENTS / RATE) * 1.02;
    const rateMet = offered && atRate.distinct === expected && atRate.p99 <= TARGET_P99_MS;
    const ceilingMet = ceiling.distinct === expected && ceiling.deliveriesPerSecond >= TARGET_CEILING_DELIVERIES;
    const markdown = [
      '## Webhooks (`npm run bench:webhooks`)',
      '',
      `After a warm-up of ${WARM_UP_EVENTS} events, ${EVENTS} \`work_item.created\` events per phase (POST /work-items through the gateway) to ${SUBSCRIPTIONS} subscriptions on one local receiver, so ${expected} signed deliveries per phase; distributed run with two webhook-dispatcher replicas; measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on the project machine (2 cores shared by PostgreSQL, NATS, every app and the load generator).`,
      '',
      `| Measure | at ${RATE} events/s (${RATE * SUBSCRIPTIONS} deliveries/s offered) | ceiling (${CEILING_CLIENTS} clients, closed loop) |`,
      '|---|---|---|',
      row('deliveries received (distinct / all)', (r) => `${r.distinct} / ${r.total} of ${expected}`),
      row('events produced in', (r) => `${r.producedIn.toFixed(1)} s (${Math.round(EVENTS / r.producedIn)} events/s)`),
      row('signed deliveries per second (first event → last delivery)', (r) => String(r.deliveriesPerSecond)),
      row('event-to-first-attempt p50 / p95 / p99 / max', (r) => `${r.p50} / ${r.p95} / ${r.p99} / ${r.max} ms`),
      row('CPU used, seconds (cores busy on average, this run\'s processes)', (r) => `${r.cpu.map(([group, s]) => `${group} ${s.toFixed(1)}`).join(', ')} (${r.cpuCores.toFixed(2)} of 2)`),
      row('CPU per event (10 deliveries), ms', perEvent),
      row('PostgreSQL transactions per event (this run\'s database)', (r) => r.transactions.toFixed(2)),
      row('load average (1 min) at start → end', (r) => r.load),
      row('largest backlog seen: events in the outbox / in the stream / delivery rows waiting', (r) => `${r.backlog.outbox} / ${r.backlog.stream} / ${r.backlog.deliveries}`),
      '',
      `Targets: ${TARGET_RATE_DELIVERIES} deliveries/s offered with p99 event-to-first-attempt ≤ ${TARGET_P99_MS} ms, none lost: ${verdict(rateMet)}${offered ? '' : ` (offered ${Math.round((EVENTS * SUBSCRIPTIONS) / atRate.producedIn)}/s)`}; closed-loop ceiling ≥ ${TARGET_CEILING_DELIVERIES} deliveries/s: ${verdict(ceilingMet)}.`,
      '',
      `Dispatcher memory RSS at the end (peak seen): ${memory.map((m, i) => `${m.rss} MiB (${Math.max(peak[i], m.peak)} MiB)`).join(', ')}. Load average at the end (1 / 5 / 15 min): ${load}.`,
      '',
      'The latency runs from the envelope `createdAt` (set inside the write transaction of the work item) to the arrival at the receiver: it includes the commit, the outbox relay, JetStream, the insert of the delivery rows and the signed HTTP attempt. The first phase offers events at a fixed rate, so its latency is the latency at that rate; the ceiling phase saturates the machine and its latency is mostly queueing. "Shared" CPU figures count every process of that name on the machine (other work included); the cores-busy figure counts this run\'s PostgreSQL backends instead of all postgres processes.',
    ].join('\n');
    process.stdout.write(`${markdown}\n`);
    process.stdout.write(`written to ${writeBenchmarkBlock('webhooks', markdown)}\n`);
    await nc.close();
  } finally {
    stopping = true;
    await db.end().catch(() => undefined);
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
