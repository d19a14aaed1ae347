import { Inject, Injectable } from '@nestjs/common';
import { CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { EventEnvelope, eventSubject, gatheredFrom } from '@pds/contracts';
import { LOGGER, Logger } from '@pds/observability';
import { performance } from 'node:perf_hooks';
import { isObservable, lastValueFrom } from 'rxjs';
import { EventConsumer } from './event-stream';
import { MessageBus } from './message-bus';
import { MessageContext } from './message-context';

/** `@EventPattern` extras: which inbound channel a handler listens on. */
export type EventChannel = { durable: string; concurrency?: number } | { broadcast: true };

/**
 * A durable domain-event consumer: replicas with the same name share one position in the stream
 * (a JetStream durable consumer; the in-process stream in standalone). The pattern is the event's
 * subject, `eventSubject(EventType.X)`, or `ALL_EVENTS`. `concurrency` lets one process run that
 * many messages of the consumer at once (default 1, in order); only for handlers that need no order
 * across messages. The in-process stream of standalone always runs them one by one.
 */
export function durable(name: string, options: { concurrency?: number } = {}): EventChannel {
  return { durable: name, ...options };
}

/** A fire-and-forget message every replica gets (cache invalidation, counters): `bus.broadcast`. */
export const BROADCAST: EventChannel = Object.freeze({ broadcast: true });

export const ALL_EVENTS = eventSubject('>');

type Handler = MessageHandler<unknown, MessageContext, unknown>;

interface DurableGroup {
  all: boolean;
  concurrency: number;
  handlers: { subject: string; handler: Handler }[];
}

/**
 * The Nest transport over the project's MessageBus and event stream (NATS and JetStream in the
 * distributed run, in-process twins in standalone). Nest collects the `@MessagePattern` and
 * `@EventPattern` handlers of every controller and runs them through its pipes, guards,
 * interceptors and exception filters; this class only connects them to the wire:
 * - `@MessagePattern(subject)`: served on the bus (a queue group per subject; a gathered subject's
 *   handlers, one per context, each served), the handler's result or AppException travels back as
 *   the reply;
 * - `@EventPattern(eventSubject(type), durable(name))`: one durable consumer per name, a message
 *   acknowledged only after every handler of that name resolved;
 * - `@EventPattern(subject, BROADCAST)`: every replica hears it; failures are logged.
 */
@Injectable()
export class BusTransport extends Server implements CustomTransportStrategy {
  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(EventConsumer) private readonly events: EventConsumer,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    super();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const durables = new Map<string, DurableGroup>();
      for (const [subject, head] of this.messageHandlers) {
        for (let handler: Handler | undefined = head; handler; handler = handler.next) {
          const channel = handler.extras as Partial<{ durable: string; concurrency: number; broadcast: boolean }> | undefined;
          if (!handler.isEventHandler) this.serve(subject, handler);
          else if (channel?.broadcast) this.listenBroadcast(subject, handler);
          else if (channel?.durable) this.addDurable(durables, channel.durable, subject, handler, channel.concurrency);
          else throw new Error(`@EventPattern('${subject}') needs durable(name) or BROADCAST`);
        }
      }
      for (const [name, group] of durables) await this.consume(name, group);
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /**
   * Nest keeps one handler per message pattern (a second replaces the first); a gathered subject has
   * one per context, several in one process (standalone), chained as Nest chains event handlers.
   */
  override addHandler(pattern: unknown, callback: Handler, isEventHandler = false, extras: Record<string, unknown> = {}): void {
    const subject = this.normalizePattern(pattern as string);
    let tail = this.messageHandlers.get(subject);
    if (isEventHandler || !tail || !gatheredFrom(subject)) return super.addHandler(pattern, callback, isEventHandler, extras);
    callback.isEventHandler = false;
    callback.extras = extras;
    while (tail.next) tail = tail.next;
    tail.next = callback;
  }

  private serve(subject: string, handler: Handler): void {
    this.bus.serve(subject, (payload) => this.run(handler, payload, subject));
  }

  private listenBroadcast(subject: string, handler: Handler): void {
    this.bus.onBroadcast(subject, (payload) => {
      this.run(handler, payload, subject).catch((err: unknown) => this.log.warn({ err, subject }, 'broadcast handler failed'));
    });
  }

  private addDurable(durables: Map<string, DurableGroup>, name: string, subject: string, handler: Handler, concurrency = 1): void {
    const group = durables.get(name) ?? { all: false, concurrency: 1, handlers: [] };
    group.all ||= subject === ALL_EVENTS;
    group.concurrency = Math.max(group.concurrency, concurrency);
    group.handlers.push({ subject, handler });
    durables.set(name, group);
  }

  private async consume(durableName: string, group: DurableGroup): Promise<void> {
    const prefix = eventSubject('');
    const eventTypes = group.all ? [] : [...new Set(group.handlers.map(({ subject }) => subject.slice(prefix.length)))];
    await this.events.consume({ durableName, eventTypes, concurrency: group.concurrency }, async (envelope: EventEnvelope) => {
      const subject = eventSubject(envelope.event);
      for (const entry of group.handlers) {
        if (entry.subject === subject || entry.subject === ALL_EVENTS) await this.run(entry.handler, envelope, subject);
      }
    });
  }

  /** Runs a handler through Nest's pipeline; resolves with its result or rejects with what the filter left. */
  private async run(handler: Handler, payload: unknown, subject: string): Promise<unknown> {
    if (!this.log.isLevelEnabled('debug')) return this.handle(handler, payload, subject);
    // At debug, one line per message handled: with the request id the logger adds, it shows where
    // a request went in every process.
    const started = performance.now();
    try {
      const result = await this.handle(handler, payload, subject);
      this.log.debug({ subject, ms: Math.round(performance.now() - started) }, 'message handled');
      return result;
    } catch (error) {
      this.log.debug({ subject, ms: Math.round(performance.now() - started), failed: true }, 'message handled');
      throw error;
    }
  }

  private async handle(handler: Handler, payload: unknown, subject: string): Promise<unknown> {
    const result = await handler(payload, new MessageContext(subject));
    return isObservable(result) ? lastValueFrom(result, { defaultValue: undefined }) : result;
  }

  /**
   * Nest calls this after the HTTP server closed: take no more messages, let the running handlers
   * finish (their database is still open), then MessagingModule closes the connection itself.
   */
  async close(): Promise<void> {
    await this.bus.stopServing();
    await this.events.stop();
  }

  on(): never {
    throw new Error('BusTransport has no events to listen to');
  }

  unwrap<T>(): T {
    return this.bus as T;
  }
}
