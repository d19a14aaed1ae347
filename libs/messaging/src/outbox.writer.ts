import { InjectionToken, Provider, Type } from '@nestjs/common';
import { AUDIT_EVENT_TYPE, AuditBy, AuditWrite, auditEntry, type EventEnvelope } from '@pds/contracts';
import { DATABASE, Database, RawSqlClient, SqlExecutor, sqlOverPrisma } from '@pds/persistence';
import { currentOrigin } from './message-trace';
import { OutboxRelay, buildEnvelope, outboxRelayProvider } from './outbox.relay';

const MAX_ROWS = 1000;

/** The INSERT of `count` outbox rows; the texts are few (one per count) and prepared by the driver. */
const insertTexts = new Map<string, string>();
function insertText(schema: string, count: number): string {
  const key = `${schema}/${count}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    const rows = Array.from({ length: count }, (_, i) => {
      const p = i * 4;
      return `($${p + 3}::uuid, $${p + 4}::uuid, $${p + 5}, $${p + 6}::jsonb, $1, $2)`;
    });
    text = `INSERT INTO "${schema}"."outbox" (id, organization_id, event_type, payload, request_id, traceparent) VALUES ${rows.join(', ')}`;
    if (insertTexts.size < 100) insertTexts.set(key, text);
  }
  return text;
}

/**
 * Writes events into a context's outbox inside the caller's transaction, in one statement (one round
 * trip however many events a transaction records). Not exported from the package: services record
 * events through `TransactionalOutbox`, which also wakes the relay.
 */
export async function writeOutbox(tx: SqlExecutor, schema: string, envelopes: readonly EventEnvelope<object>[]): Promise<void> {
  // The request writing the event: its handlers, in any process, log and trace under it.
  const origin = currentOrigin();
  // PostgreSQL takes at most 65,535 parameters per statement (a sprint's close may emit thousands).
  for (let start = 0; start < envelopes.length; start += MAX_ROWS) {
    const chunk = envelopes.slice(start, start + MAX_ROWS);
    const values: unknown[] = [origin?.requestId ?? null, origin?.traceparent ?? null];
    for (const envelope of chunk) values.push(envelope.id, envelope.organizationId, envelope.event, JSON.stringify(envelope));
    await tx.query(insertText(schema, chunk.length), values, `outbox_${schema}_${chunk.length}`);
  }
}

/**
 * What a transaction body may do with the outbox: record events that commit (or roll back) with it.
 * `Event` is the event types the context writes (see TransactionalOutbox).
 */
export interface OutboxEvents<Event extends string = string> {
  /**
   * Records one event in the current transaction; returns its envelope. The row is written when the
   * body has returned (all of a transaction's events in one statement), so it commits or rolls back
   * with the transaction like any other write.
   */
  emit<T extends object>(event: Event, organizationId: string, data: T): Promise<EventEnvelope<T>>;

  /**
   * Records the audit entry of a change made in this transaction (one line beside the write):
   * `events.audit(auth, { action: 'updated', record: { type: 'work_item', id, key }, changes })`.
   * Who and through which edge come from `by` (the caller's auth, which carries its edge), the
   * request id from the message being handled. It commits or rolls back with the change.
   */
  audit(by: AuditBy, write: AuditWrite): void;
}

/** The outbox envelope of one audit entry (its id is the entry's). */
export function auditEnvelope(by: AuditBy, write: AuditWrite): EventEnvelope<object> {
  const envelope = buildEnvelope(AUDIT_EVENT_TYPE, by.organizationId, {});
  return { ...envelope, data: auditEntry(by, write, envelope.id, envelope.createdAt, currentOrigin()?.requestId ?? null) };
}

/** The part of a Prisma client that starts an interactive transaction. */
export interface TransactionStarter<Tx> {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

/**
 * One context's transactions, with the transactional outbox built in: `transaction((tx, events) => …)`
 * runs the body in one database transaction, `events.emit(…)` records outbox rows in it, and after
 * the commit the relay is woken if anything was emitted. Events can only be written this way, so no
 * caller can commit an event and forget to notify the relay (it would wait for the next poll).
 *
 * A context that names its event types (`TransactionalOutbox<Tx, StrategyEvent>`) can emit no other,
 * wherever the emit is written (a base class, a table of kinds), and the NATS-permissions spec reads
 * what the context publishes from that declaration rather than from each `emit(…)`.
 */
export class TransactionalOutbox<Tx extends RawSqlClient, Event extends string = string> {
  constructor(
    private readonly client: TransactionStarter<Tx>,
    private readonly relay: OutboxRelay,
    private readonly schema: string,
    private readonly db: Database,
  ) {}

  /** A Prisma interactive transaction. */
  transaction<R>(fn: (tx: Tx, events: OutboxEvents<Event>) => Promise<R>): Promise<R> {
    return this.run(
      (body) => this.client.$transaction((tx) => body(tx, sqlOverPrisma(tx)), { maxWait: 10_000, timeout: 20_000 }),
      fn,
    );
  }

  /**
   * A transaction on the process's Database, for a body whose statements are all hand-written SQL:
   * Prisma's interactive transaction costs the process about 0.5 ms of CPU more per transaction
   * (docs/benchmarks.md). Under PGlite the body must use only `tx` (one connection, held until the end).
   */
  sqlTransaction<R>(fn: (tx: SqlExecutor, events: OutboxEvents<Event>) => Promise<R>): Promise<R> {
    return this.run((body) => this.db.transaction((tx) => body(tx, tx)), fn);
  }

  private async run<T, R>(
    begin: (body: (tx: T, sql: SqlExecutor) => Promise<R>) => Promise<R>,
    fn: (tx: T, events: OutboxEvents<Event>) => Promise<R>,
  ): Promise<R> {
    let emitted = 0;
    const result = await begin(async (tx, sql) => {
      // Buffered and written once, just before the commit: one round trip for all of them.
      const pending: EventEnvelope<object>[] = [];
      const result = await fn(tx, {
        emit: (event, organizationId, data) => {
          const envelope = buildEnvelope(event, organizationId, data);
          pending.push(envelope);
          return Promise.resolve(envelope);
        },
        audit: (by, write) => {
          pending.push(auditEnvelope(by, write));
        },
      });
      await writeOutbox(sql, this.schema, pending);
      emitted = pending.length;
      return result;
    });
    if (emitted > 0) this.relay.notify();
    return result;
  }
}

/**
 * The Nest providers of one context's outbox: its relay (`relay`, e.g. `class DeliveryOutboxRelay
 * extends OutboxRelay {}`) and its transactions (`token`, e.g. `class DeliveryOutbox extends
 * TransactionalOutbox<DeliveryTx> {}`) over the context's Prisma client (`client`) and the process's Database.
 */
export function transactionalOutboxProviders<Tx extends RawSqlClient, Event extends string>(
  token: Type<TransactionalOutbox<Tx, Event>>,
  relay: Type<OutboxRelay>,
  client: InjectionToken,
  schema: string,
): Provider[] {
  return [
    outboxRelayProvider(relay, schema),
    {
      provide: token,
      useFactory: (prisma: TransactionStarter<Tx>, outboxRelay: OutboxRelay, db: Database) => new token(prisma, outboxRelay, schema, db),
      inject: [client, relay, DATABASE],
    },
  ];
}
