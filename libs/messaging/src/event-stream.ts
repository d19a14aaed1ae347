import type { EventEnvelope } from '@pds/contracts';
import type { EventOrigin } from './message-trace';

/** Per event id: the request that caused the event, for the events that have one. */
export type EventOrigins = ReadonlyMap<string, EventOrigin>;

/** Where the outbox relay puts domain events: JetStream, or in-process consumers in standalone. */
export abstract class EventPublisher {
  /**
   * Resolves once every envelope is durably accepted; rejects (and nothing counts) otherwise.
   * `origins` travel with the events (message headers) so that their handlers run in the request's
   * id and trace.
   */
  abstract publish(envelopes: readonly EventEnvelope[], origins?: EventOrigins): Promise<void>;
  /** Whether the stream answers at all: tells an outage from an event it refuses. */
  abstract reachable(): Promise<boolean>;
}

export type EventHandler = (envelope: EventEnvelope) => Promise<void>;

export interface ConsumerOptions {
  /** Durable name: replicas with the same name share one position in the stream. */
  durableName: string;
  /** Event types to receive; all when empty. */
  eventTypes?: readonly string[];
  /** Messages one process handles at once (default 1: one by one, in stream order). */
  concurrency?: number;
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
