import { InjectionToken, Provider, Type } from '@nestjs/common';
import type { EventEnvelope } from '@pds/contracts';
import type { RawSqlClient } from '@pds/persistence';
import { currentOrigin } from './message-trace';
import { OutboxRelay, buildEnvelope, outboxRelayProvider } from './outbox.relay';

/**
 * Writes events into a context's outbox inside the caller's transaction. Not exported from the
 * package: services record events through `TransactionalOutbox`, which also wakes the relay.
 */
export async function writeOutbox(tx: RawSqlClient, schema: string, envelopes: readonly EventEnvelope<object>[]): Promise<void> {
  // The request writing the event: its handlers, in any process, log and trace under it.
  const origin = currentOrigin();
  for (const envelope of envelopes) {
    await tx.$executeRawUnsafe(
      `INSERT INTO "${schema}"."outbox" (id, organization_id, event_type, payload, request_id, traceparent)
       VALUES ($1::uuid, $2::uuid, $3, $4::jsonb, $5, $6)`,
      envelope.id,
      envelope.organizationId,
      envelope.event,
      JSON.stringify(envelope),
      origin?.requestId ?? null,
      origin?.traceparent ?? null,
    );
  }
}

/** What a transaction body may do with the outbox: record events that commit (or roll back) with it. */
export interface OutboxEvents {
  /** Writes one event into the outbox in the current transaction; returns its envelope. */
  emit<T extends object>(event: string, organizationId: string, data: T): Promise<EventEnvelope<T>>;
}

/** The part of a Prisma client that starts an interactive transaction. */
export interface TransactionStarter<Tx> {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

/**
 * One context's transactions, with the transactional outbox built in: `transaction((tx, events) => …)`
 * runs the body in one database transaction, `events.emit(…)` writes outbox rows in it, and after
 * the commit the relay is woken if anything was emitted. Events can only be written this way, so no
 * caller can commit an event and forget to notify the relay (it would wait for the next poll).
 */
export class TransactionalOutbox<Tx extends RawSqlClient> {
  constructor(
    private readonly client: TransactionStarter<Tx>,
    private readonly relay: OutboxRelay,
    private readonly schema: string,
  ) {}

  async transaction<R>(fn: (tx: Tx, events: OutboxEvents) => Promise<R>): Promise<R> {
    let emitted = 0;
    const result = await this.client.$transaction(
      (tx) =>
        fn(tx, {
          emit: async (event, organizationId, data) => {
            const envelope = buildEnvelope(event, organizationId, data);
            await writeOutbox(tx, this.schema, [envelope]);
            emitted += 1;
            return envelope;
          },
        }),
      { maxWait: 10_000, timeout: 20_000 },
    );
    if (emitted > 0) this.relay.notify();
    return result;
  }
}

/**
 * The Nest providers of one context's outbox: its relay (`relay`, e.g. `class DeliveryOutboxRelay
 * extends OutboxRelay {}`) and its transactions (`token`, e.g. `class DeliveryOutbox extends
 * TransactionalOutbox<DeliveryTx> {}`) over the context's Prisma client (`client`).
 */
export function transactionalOutboxProviders<Tx extends RawSqlClient>(
  token: Type<TransactionalOutbox<Tx>>,
  relay: Type<OutboxRelay>,
  client: InjectionToken,
  schema: string,
): Provider[] {
  return [
    outboxRelayProvider(relay, schema),
    {
      provide: token,
      useFactory: (prisma: TransactionStarter<Tx>, outboxRelay: OutboxRelay) => new token(prisma, outboxRelay, schema),
      inject: [client, relay],
    },
  ];
}
