import type { EventEnvelope } from '@pds/contracts';

/** Where the outbox relay puts domain events: JetStream, or in-process consumers in standalone. */
export abstract class EventPublisher {
  /** Resolves once every envelope is durably accepted; rejects (and nothing counts) otherwise. */
  abstract publish(envelopes: readonly EventEnvelope[]): Promise<void>;
  /** Whether the stream answers at all: tells an outage from an event it refuses. */
  abstract reachable(): Promise<boolean>;
}

export type EventHandler = (envelope: EventEnvelope) => Promise<void>;

export interface ConsumerOptions {
  /** Durable name: replicas with the same name share one position in the stream. */
  durableName: string;
  /** Event types to receive; all when empty. */
  eventTypes?: readonly string[];
}

/**
 * At-least-once consumption: a message counts as handled only when the handler resolves; a
 * rejected or crashed handler gets the message again. Handlers must therefore be idempotent.
 */
export abstract class EventConsumer {
  abstract consume(options: ConsumerOptions, handler: EventHandler): Promise<void>;
  /** Takes no further events; one being handled finishes first (unacknowledged ones come back). */
  abstract stop(): Promise<void>;
}
