/**
 * `npm run bench:relay`: the outbox relay alone, against a private nats-server and a scratch
 * database. One child process plays a service: it commits outbox rows (one per transaction, each
 * followed by `notify()`, as `TransactionalOutbox` does) at BENCH_RATE events/s for BENCH_SECONDS,
 * and runs the relay and, like delivery-intake, a durable consumer of `events.>` that acknowledges
 * events it does not handle. Then a backlog of BENCH_BACKLOG rows is published by a relay started
 * on it. Prints CPU per event of the child (producer + relay + consumer), nats-server and the
 * child's PostgreSQL backends; how large the relay's claims were; and the time to drain the backlog.
 * The child connects as delivery-intake's NATS user with its generated permissions (BENCH_USER picks
 * another; `e2e-harness` has none). BENCH_ROUNDS rounds; BENCH_PROF=<dir> writes the child's CPU
 * profile there, BENCH_KEEP=1 keeps the scratch database. A diagnostic behind docs/benchmarks.md
 * ("The outbox relay and JetStream publishing"); writes no block.
 */
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { Client } from 'pg';
import { EventEnvelope, InternalEventType } from '@pds/contracts';
import { EventOrigins, JetStreamEventConsumer, JetStreamEventPublisher, OutboxRelay, buildEnvelope, connectNats, eventsStreamName } from '@pds/messaging';
import { Metrics } from '@pds/observability';
import { connectPostgres } from '@pds/persistence';
import { HARNESS_USER, PrivateNats, startPrivateNats } from '../tools/nats-server';
import { createScratchDatabase } from '../tools/stack';
import { cpuSeconds } from './support';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const APP = 'relay-bench-app';
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Command = { run: 'paced'; rate: number; seconds: number; relay: boolean } | { run: 'relay' };
interface ChildStats {
  publishes: number;
  envelopes: number;
  produced: number;
  latencies: number[];
}

const data = { workItemId: randomUUID(), key: 'WI-12', from: 'TODO', to: 'IN_PROGRESS', changedBy: randomUUID(), title: 'A realistic title of some work' };

async function child(): Promise<void> {
  const env = process.env;
  const prefix = env.BENCH_PREFIX as string;
  const db = connectPostgres({ url: env.DATABASE_URL as string, poolSize: 10, applicationName: APP });
  const nc = await connectNats({ url: env.NATS_URL as string, subjectPrefix: prefix, requestTimeoutMs: 5000, name: 'delivery-intake', user: env.NATS_USER, password: env.NATS_PASSWORD });
  const logger = { error: (c: object, m: string) => console.error(m, c), warn: (c: object, m: string) => console.error(m, c) };
  const stats: ChildStats = { publishes: 0, envelopes: 0, produced: 0, latencies: [] };
  const inner = new JetStreamEventPublisher(nc, { subjectPrefix: prefix, name: 'delivery-intake' });
  const publisher = Object.assign(Object.create(inner) as JetStreamEventPublisher, {
    publish: (envelopes: readonly EventEnvelope[], origins?: EventOrigins) => {
      stats.publishes += 1;
      stats.envelopes += envelopes.length;
      const now = Date.now();
      for (const e of envelopes) stats.latencies.push(now - Date.parse(e.createdAt));
      return inner.publish(envelopes, origins);
    },
  });
  const relay = new OutboxRelay(db, publisher, logger, { schema: 'delivery' });
  // delivery-intake's consumer: three strategy event types, so (nats-server 2.9) a filter of events.>.
  const consumer = new JetStreamEventConsumer(nc, { subjectPrefix: prefix, name: 'delivery-intake' }, logger, new Metrics());
  await consumer.consume(
    { durableName: 'delivery-intake', eventTypes: [InternalEventType.OpportunityUpdated, InternalEventType.SolutionUpdated] },
    async () => undefined,
  );
  const orgId = randomUUID();
  const insert = async () => {
    const envelope = buildEnvelope('work_item.status_changed', orgId, data);
    await db.sql.query(
      `INSERT INTO delivery.outbox (id, organization_id, event_type, payload, request_id, traceparent) VALUES ($1::uuid, $2::uuid, $3, $4::jsonb, $5, $6)`,
      [envelope.id, orgId, envelope.event, JSON.stringify(envelope), randomUUID(), null],
      'bench_outbox_insert',
    );
    stats.produced += 1;
    relay.notify();
  };
  process.on('message', (command: Command | 'stats' | 'stop') => {
    if (command === 'stats') return void process.send?.({ stats });
    if (command === 'stop') return void relay.stop().then(() => process.send?.({ stopped: true }));
    void (async () => {
      Object.assign(stats, { publishes: 0, envelopes: 0, produced: 0, latencies: [] });
      if (command.run === 'relay') {
        relay.start();
      } else {
        if (command.relay) relay.start();
        const started = Date.now();
        let sent = 0;
        const inFlight = new Set<Promise<void>>();
        while (Date.now() - started < command.seconds * 1000) {
          const due = Math.floor(((Date.now() - started) / 1000) * command.rate);
          while (sent < due && inFlight.size < 50) {
            sent += 1;
            const p: Promise<void> = insert().finally(() => inFlight.delete(p));
            inFlight.add(p);
          }
          await sleep(2);
        }
        await Promise.all(inFlight);
      }
      process.send?.({ ready: true });
    })();
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ up: true });
}

const credentials = (nats: PrivateNats) => {
  const { NATS_USER, NATS_PASSWORD } = nats.credentials(HARNESS_USER);
  return { user: NATS_USER, pass: NATS_PASSWORD };
};

async function main(): Promise<void> {
  const prefix = `relaybench_${randomBytes(3).toString('hex')}`;
  const nats = await startPrivateNats({ subjectPrefix: prefix });
  const scratch = await createScratchDatabase(adminUrl, 'pds_relay_bench');
  const db = new Client({ connectionString: scratch.url, application_name: 'pds-bench-harness' });
  await db.connect();
  const proc = fork(__filename, ['child'], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', DATABASE_URL: scratch.url, NATS_URL: nats.url, BENCH_PREFIX: prefix, ...nats.credentials(process.env.BENCH_USER ?? 'delivery-intake') },
    execArgv: ['--max-semi-space-size=32', ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [])],
  });
  const next = <T>(key: string) => new Promise<T>((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        proc.off('message', on);
        resolve(m[key] as T);
      }
    };
    proc.on('message', on);
  });
  const waiting = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM delivery.outbox WHERE published_at IS NULL')).rows[0].n);
  const backendCpu = async () => {
    const { rows } = await db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = '${APP}'`);
    return cpuSeconds(rows.map((r) => r.pid));
  };
  const cpu = async () => ({ app: cpuSeconds([proc.pid as number]), nats: cpuSeconds([nats.pid() as number]), pg: await backendCpu() });
  const drainTime = async () => {
    const started = Date.now();
    while ((await waiting()) > 0) await sleep(50);
    return (Date.now() - started) / 1000;
  };
  const report = (label: string, before: { app: number; nats: number; pg: number }, after: typeof before, events: number, extra: string) => {
    const per = (s: number) => Math.round((s * 1e6) / events);
    console.log(`${label}: ${events} events; CPU µs/event: app ${per(after.app - before.app)}, nats-server ${per(after.nats - before.nats)}, PostgreSQL ${per(after.pg - before.pg)}; ${extra}`);
  };
  try {
    await next('up');
    for (let round = 1; round <= ROUNDS; round += 1) {
      // The commits alone (the relay is stopped), then published: the producer's own cost.
      proc.send('stop');
      await next('stopped');
      let before = await cpu();
      proc.send({ run: 'paced', rate: RATE, seconds: SECONDS, relay: false } satisfies Command);
      await next('ready');
      let after = await cpu();
      proc.send('stats');
      const produced = (await next<ChildStats>('stats')).produced;
      report(`round ${round} commits only`, before, after, produced, '');
      proc.send({ run: 'relay' } satisfies Command);
      await next('ready');
      await drainTime();
      // Paced: the service's commits, each notifying the relay.
      before = await cpu();
      proc.send({ run: 'paced', rate: RATE, seconds: SECONDS, relay: true } satisfies Command);
      await next('ready');
      const left = await waiting();
      const drain = await drainTime();
      await sleep(300);
      after = await cpu();
      proc.send('stats');
      let stats = await next<ChildStats>('stats');
      const sorted = stats.latencies.sort((a, b) => a - b);
      const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
      report(
        `round ${round} paced ${RATE}/s`,
        before,
        after,
        stats.envelopes,
        `${(stats.produced / SECONDS).toFixed(0)} produced/s, ${(stats.envelopes / stats.publishes).toFixed(1)} events per publish, commit→publish p50 ${p(0.5)} ms p99 ${p(0.99)} ms, ${left} waiting at the end (drained in ${drain.toFixed(1)} s)`,
      );
      // Backlog: rows already committed, one relay started on them.
      proc.send('stop');
      await next('stopped');
      await db.query(
        `INSERT INTO delivery.outbox (id, organization_id, event_type, payload, request_id)
         SELECT id, org, 'work_item.status_changed', jsonb_build_object('id', id, 'event', 'work_item.status_changed', 'apiVersion', 'v1', 'createdAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'organizationId', org, 'data', $2::jsonb), gen_random_uuid()::text
           FROM (SELECT gen_random_uuid() AS id, $1::uuid AS org FROM generate_series(1, $3)) g`,
        [randomUUID(), JSON.stringify(data), BACKLOG],
      );
      before = await cpu();
      proc.send({ run: 'relay' } satisfies Command);
      await next('ready');
      const seconds = await drainTime();
      await sleep(300);
      after = await cpu();
      proc.send('stats');
      stats = await next<ChildStats>('stats');
      report(`round ${round} backlog`, before, after, stats.envelopes, `${(stats.envelopes / seconds).toFixed(0)} events/s, ${(stats.envelopes / stats.publishes).toFixed(1)} events per publish`);
      const [{ n }] = (await db.query<{ n: string }>('SELECT count(*) AS n FROM delivery.outbox')).rows;
      console.log(`  outbox rows (published, kept): ${n}`);
    }
    const nc = await connect({ servers: nats.url, ...credentials(nats) });
    const info = await (await nc.jetstreamManager()).consumers.info(eventsStreamName(prefix), 'delivery-intake');
    console.log(`consumer: ${info.delivered.stream_seq} delivered, ${info.num_ack_pending} unacknowledged, ${info.num_redelivered} redelivered`);
    await nc.close();
  } finally {
    // Disconnecting lets the child exit by itself (and write its CPU profile when asked).
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.disconnect();
    await Promise.race([exited, sleep(5000)]);
    proc.kill();
    await db.end();
    if (process.env.BENCH_KEEP) console.log(`kept database ${scratch.name}`);
    else await scratch.drop().catch(() => undefined);
    await nats.stop();
  }
}

if (process.argv[2] === 'child') void child();
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
