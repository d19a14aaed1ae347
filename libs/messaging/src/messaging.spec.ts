import { AppException, ConflictError, EncodedJson, EventEnvelope } from '@pds/contracts';
import { Metrics } from '@pds/observability';
import { Database, applyMigrations, openPglite } from '@pds/persistence';
import { EventPublisher } from './event-stream';
import { InProcessBus } from './in-process.bus';
import { Reply, encodeReply, replyJson, unwrapReply } from './message-bus';
import { InProcessEventStream } from './in-process.events';
import { TransactionalOutbox, writeOutbox } from './outbox.writer';
import { OutboxRelay, buildEnvelope } from './outbox.relay';

const silent = { error: () => undefined, warn: () => undefined };

/** One migrated database for the file (opening one costs ~1.5 s), its outbox emptied for each test. */
let opened: Promise<Database> | undefined;
async function emptyOutbox(): Promise<Database> {
  opened ??= openPglite().then(async (db) => {
    await applyMigrations(db, ['delivery']);
    return db;
  });
  const db = await opened;
  await db.sql.query('TRUNCATE delivery.outbox RESTART IDENTITY');
  return db;
}
afterAll(async () => (await opened)?.close());

describe('InProcessBus', () => {
  it('returns what the handler returns, as JSON would carry it', async () => {
    const bus = new InProcessBus(silent);
    bus.serve('echo', (payload) => ({ got: payload, at: new Date(0) }));
    await expect(bus.request('echo', { a: 1 })).resolves.toEqual({ got: { a: 1 }, at: '1970-01-01T00:00:00.000Z' });
  });

  it('rethrows the AppException a handler threw, and hides unexpected errors', async () => {
    const bus = new InProcessBus(silent);
    bus.serve('conflict', () => {
      throw new ConflictError('stale', { updatedAt: 'x' });
    });
    bus.serve('boom', () => {
      throw new Error('secret internals');
    });
    await expect(bus.request('conflict', {})).rejects.toMatchObject({ code: 'Conflict', message: 'stale', details: { updatedAt: 'x' } });
    const error = (await bus.request('boom', {}).catch((e: unknown) => e)) as AppException;
    expect(error.code).toBe('InternalError');
    expect(error.message).not.toContain('secret');
  });

  it('answers 503 for a subject nobody serves', async () => {
    await expect(new InProcessBus(silent).request('nobody', {})).rejects.toMatchObject({ code: 'ServiceUnavailable' });
  });

  it("passes a handler's EncodedJson on: request parses it, requestJson answers its text", async () => {
    const bus = new InProcessBus(silent);
    const json = '{"nextCursor":null,"items":[{"a":1}]}';
    bus.serve('encoded', () => new EncodedJson(json));
    await expect(bus.request('encoded', {})).resolves.toEqual({ nextCursor: null, items: [{ a: 1 }] });
    await expect(bus.requestJson('encoded', {})).resolves.toBe(json);
  });
});

describe('Reply encoding (the NATS wire)', () => {
  it("writes a handler's EncodedJson into the reply as it is", () => {
    const json = '{"items":[1,2],"nextCursor":"c"}';
    const text = encodeReply({ ok: true, data: new EncodedJson(json) });
    expect(JSON.parse(text)).toEqual({ ok: true, data: { items: [1, 2], nextCursor: 'c' } });
    expect(replyJson(text)).toBe(json);
    expect(unwrapReply(JSON.parse(text) as Reply)).toEqual({ items: [1, 2], nextCursor: 'c' });
  });

  it('serializes every other reply', () => {
    expect(encodeReply({ ok: true, data: { a: 1 } })).toBe('{"ok":true,"data":{"a":1}}');
    const failed = encodeReply({ ok: false, error: { error: 'NotFound', message: 'gone' } } as Reply);
    expect(() => replyJson(failed)).toThrow('gone');
  });
});

describe('OutboxRelay', () => {
  const organizationId = '00000000-0000-4000-8000-000000000001';

  async function setup() {
    const db = await emptyOutbox();
    const write = async (...events: EventEnvelope<object>[]) => db.transaction((tx) => writeOutbox(tx, 'delivery', events));
    return { db, write };
  }

  it('publishes events in order, once, and marks them published', async () => {
    const { db, write } = await setup();
    const stream = new InProcessEventStream();
    const seen: string[] = [];
    await stream.consume({ durableName: 'test' }, async (envelope) => void seen.push(envelope.event));
    const relay = new OutboxRelay(db, stream, silent, { schema: 'delivery' });
    const events = ['work_item.created', 'work_item.updated', 'work_item.status_changed'].map((type) =>
      buildEnvelope(type, organizationId, { n: 1 }),
    );
    await write(...events);
    expect(await relay.drain()).toBe(3);
    expect(await relay.drain()).toBe(0);
    expect(seen).toEqual(['work_item.created', 'work_item.updated', 'work_item.status_changed']);
    const [{ pending }] = await db.sql.query<{ pending: number }>(
      'SELECT count(*)::int AS pending FROM delivery.outbox WHERE published_at IS NULL',
    );
    expect(pending).toBe(0);
  });

  it('keeps events when publishing fails and sends them once it works again', async () => {
    const { db, write } = await setup();
    let up = false;
    const published: string[] = [];
    const flaky = new (class extends EventPublisher {
      async reachable(): Promise<boolean> {
        return up;
      }
      async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
        if (!up) throw new Error('NATS down');
        published.push(...envelopes.map((e) => e.id));
      }
    })();
    const relay = new OutboxRelay(db, flaky, silent, { schema: 'delivery', leaseMs: 0, maxAttempts: 2 });
    const event = buildEnvelope('work_item.created', organizationId, {});
    await write(event);
    // An outage is not the event's fault: however long it lasts, nothing is parked.
    for (let i = 0; i < 5; i += 1) expect(await relay.drain()).toBe(0);
    up = true;
    expect(await relay.drain()).toBe(1);
    expect(published).toEqual([event.id]);
  });

  it('parks an event the stream keeps refusing, publishes the others, and replays it on request', async () => {
    const { db, write } = await setup();
    const published: string[] = [];
    let refuse = 'work_item.updated';
    const picky = new (class extends EventPublisher {
      async reachable(): Promise<boolean> {
        return true;
      }
      async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
        if (envelopes.some((e) => e.event === refuse)) throw new Error('maximum payload exceeded');
        published.push(...envelopes.map((e) => e.event));
      }
    })();
    const logged: string[] = [];
    const logger = { ...silent, error: (_context: Record<string, unknown>, message: string) => void logged.push(message) };
    const relay = new OutboxRelay(db, picky, logger, { schema: 'delivery', leaseMs: 0, maxAttempts: 3 });
    const events = ['work_item.created', 'work_item.updated', 'work_item.status_changed'].map((type) => buildEnvelope(type, organizationId, {}));
    await write(...events);
    expect(await relay.drain()).toBe(2);
    expect(published).toEqual(['work_item.created', 'work_item.status_changed']);
    // Retried alone (the others are not sent again) until the limit, then set aside.
    expect(await relay.drain()).toBe(0);
    expect(await relay.drain()).toBe(0);
    expect(published).toHaveLength(2);
    const [row] = await db.sql.query<{ attempts: number; parked: boolean; last_error: string }>(
      'SELECT attempts, parked_at IS NOT NULL AS parked, last_error FROM delivery.outbox WHERE id = $1',
      [events[1].id],
    );
    expect(row).toEqual({ attempts: 3, parked: true, last_error: 'maximum payload exceeded' });
    expect(logged).toEqual([expect.stringContaining('parked')]);
    expect(await relay.drain()).toBe(0);
    // The operator fixed the cause and replays it.
    refuse = 'none';
    expect(await relay.replayParked()).toBe(1);
    expect(await relay.drain()).toBe(1);
    expect(published).toEqual(['work_item.created', 'work_item.status_changed', 'work_item.updated']);
  });

  it('claims together what was committed while a drain was publishing, and loses nothing', async () => {
    const { db, write } = await setup();
    const batches: string[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = new (class extends EventPublisher {
      async reachable(): Promise<boolean> {
        return true;
      }
      async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
        batches.push(envelopes.map((e) => e.id));
        if (batches.length === 1) await held;
      }
    })();
    const relay = new OutboxRelay(db, slow, silent, { schema: 'delivery' });
    const first = buildEnvelope('work_item.created', organizationId, {});
    await write(first);
    relay.start();
    while (batches.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const later = Array.from({ length: 5 }, () => buildEnvelope('work_item.updated', organizationId, {}));
    for (const event of later) {
      await write(event);
      relay.notify();
    }
    release();
    while (batches.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await relay.stop();
    expect(batches).toEqual([[first.id], later.map((e) => e.id)]);
  });

  it('counts waiting and parked events for the gauges, and prunes only published events past retention', async () => {
    const { db, write } = await setup();
    const metrics = new Metrics();
    const relay = new OutboxRelay(db, new InProcessEventStream(), silent, { schema: 'delivery', retentionDays: 7 }, metrics);
    const [old, recent, waiting, parked] = Array.from({ length: 4 }, () => buildEnvelope('work_item.created', organizationId, {}));
    await write(old, recent, waiting, parked);
    await db.sql.query(`UPDATE delivery.outbox SET created_at = now() - interval '9 days', published_at = now() - interval '8 days' WHERE id = $1`, [old.id]);
    await db.sql.query(`UPDATE delivery.outbox SET created_at = now() - interval '9 days', published_at = now() - interval '1 day' WHERE id = $1`, [recent.id]);
    await db.sql.query(`UPDATE delivery.outbox SET created_at = now() - interval '9 days', parked_at = now() WHERE id = $1`, [parked.id]);
    await db.sql.query(`UPDATE delivery.outbox SET created_at = now() - interval '60 seconds' WHERE id = $1`, [waiting.id]);
    relay.onApplicationBootstrap();
    await relay.stop();
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^pds_outbox_events_waiting\{schema="delivery"\} 1$/m);
    expect(text).toMatch(/^pds_outbox_events_parked\{schema="delivery"\} 1$/m);
    expect(Number(/^pds_outbox_relay_lag_seconds\{schema="delivery"\} (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(59);
    expect(await relay.drain()).toBe(1);
    const left = await db.sql.query<{ id: string }>('SELECT id FROM delivery.outbox ORDER BY seq');
    expect(left.map((row) => row.id)).toEqual([recent.id, waiting.id, parked.id]);
    await relay.onApplicationShutdown();
  });

  it('prunes again only once its prune interval has passed', async () => {
    const { db, write } = await setup();
    const aged = async () => {
      const event = buildEnvelope('work_item.created', organizationId, {});
      await write(event);
      await db.sql.query(`UPDATE delivery.outbox SET created_at = now() - interval '9 days', published_at = now() - interval '8 days' WHERE id = $1`, [event.id]);
      return event.id;
    };
    const ids = async () => (await db.sql.query<{ id: string }>('SELECT id FROM delivery.outbox ORDER BY seq')).map((row) => row.id);
    const stream = new InProcessEventStream();
    const hourly = new OutboxRelay(db, stream, silent, { schema: 'delivery', retentionDays: 7, pruneIntervalMs: 3_600_000 });
    await aged();
    await hourly.drain();
    expect(await ids()).toEqual([]);
    const kept = await aged();
    await hourly.drain();
    expect(await ids()).toEqual([kept]);
    // The relay's clock, moved by hand: a real 50 ms interval passed between two drains on a loaded machine.
    let clock = Date.now();
    const now = jest.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      const often = new OutboxRelay(db, stream, silent, { schema: 'delivery', retentionDays: 7, pruneIntervalMs: 60_000 });
      await often.drain();
      expect(await ids()).toEqual([]);
      const next = await aged();
      clock += 59_999;
      await often.drain();
      expect(await ids()).toEqual([next]);
      clock += 1;
      await often.drain();
      expect(await ids()).toEqual([]);
    } finally {
      now.mockRestore();
    }
  });
});

describe('TransactionalOutbox', () => {
  const organizationId = '00000000-0000-4000-8000-000000000001';

  async function setup() {
    const db = await emptyOutbox();
    let notified = 0;
    const relay = { notify: () => void (notified += 1) } as unknown as OutboxRelay;
    const noPrisma = { $transaction: () => Promise.reject(new Error('not used')) };
    const outbox = new TransactionalOutbox(noPrisma, relay, 'delivery', db);
    const rows = () => db.sql.query<{ event_type: string }>('SELECT event_type FROM delivery.outbox ORDER BY seq');
    return { outbox, rows, notified: () => notified };
  }

  it('writes the events of a transaction in order when it commits, then wakes the relay', async () => {
    const { outbox, rows, notified } = await setup();
    const result = await outbox.sqlTransaction(async (tx, events) => {
      await events.emit('a.first', organizationId, { n: 1 });
      await events.emit('a.second', organizationId, { n: 2 });
      await events.emit('a.third', organizationId, { n: 3 });
      return (await tx.query<{ n: number }>('SELECT 42 AS n'))[0].n;
    });
    expect(result).toBe(42);
    expect((await rows()).map((r) => r.event_type)).toEqual(['a.first', 'a.second', 'a.third']);
    expect(notified()).toBe(1);
  });

  it('writes no event of a transaction that fails, and wakes nobody', async () => {
    const { outbox, rows, notified } = await setup();
    await expect(
      outbox.sqlTransaction(async (_tx, events) => {
        await events.emit('b.lost', organizationId, { n: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await outbox.sqlTransaction(async () => 'nothing emitted');
    expect(await rows()).toEqual([]);
    expect(notified()).toBe(0);
  });
});
