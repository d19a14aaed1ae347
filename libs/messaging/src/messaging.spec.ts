import { AppException, ConflictError, EventEnvelope } from '@pds/contracts';
import { applyMigrations, openPglite } from '@pds/persistence';
import { EventPublisher } from './event-stream';
import { InProcessBus } from './in-process.bus';
import { InProcessEventStream } from './in-process.events';
import { writeOutbox } from './outbox.writer';
import { OutboxRelay, buildEnvelope } from './outbox.relay';

const silent = { error: () => undefined, warn: () => undefined };

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
});

describe('OutboxRelay', () => {
  const organizationId = '00000000-0000-4000-8000-000000000001';

  async function setup() {
    const db = await openPglite();
    await applyMigrations(db, ['delivery']);
    const write = async (...events: EventEnvelope<object>[]) =>
      db.transaction((tx) =>
        writeOutbox({ $executeRawUnsafe: async (sql, ...values) => (await tx.query(sql, values)).length, $queryRawUnsafe: async () => [] as never }, 'delivery', events),
      );
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
    await db.close();
  });

  it('keeps events when publishing fails and sends them once it works again', async () => {
    const { db, write } = await setup();
    let up = false;
    const published: string[] = [];
    const flaky = new (class extends EventPublisher {
      async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
        if (!up) throw new Error('NATS down');
        published.push(...envelopes.map((e) => e.id));
      }
    })();
    const relay = new OutboxRelay(db, flaky, silent, { schema: 'delivery', leaseMs: 0 });
    const event = buildEnvelope('work_item.created', organizationId, {});
    await write(event);
    expect(await relay.drain()).toBe(0);
    up = true;
    expect(await relay.drain()).toBe(1);
    expect(published).toEqual([event.id]);
    await db.close();
  });
});
