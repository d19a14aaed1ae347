import type { EventEnvelope } from '@pds/contracts';
import { SpanKind, requestContextEnabled } from '@pds/observability';
import { ConsumerOptions, EventConsumer, EventHandler, EventOrigins, EventPublisher } from './event-stream';
import { handleInContext, originContext } from './message-trace';

interface Subscription {
  options: ConsumerOptions;
  handler: EventHandler;
}

/**
 * Standalone's event stream: the outbox relay hands events straight to the consumers of this
 * process and counts them published only when every consumer has taken them, so the outbox stays
 * the durable record exactly as with JetStream.
 */
export class InProcessEventStream extends EventPublisher implements EventConsumer {
  private readonly subscriptions: Subscription[] = [];

  private stopped = false;

  async consume(options: ConsumerOptions, handler: EventHandler): Promise<void> {
    this.subscriptions.push({ options, handler });
  }

  /** Publishing fails from now on, so the outbox keeps what was not handled for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
  }

  async reachable(): Promise<boolean> {
    return true;
  }

  async publish(envelopes: readonly EventEnvelope[], origins?: EventOrigins): Promise<void> {
    if (this.stopped) throw new Error('the event stream is shutting down');
    for (const envelope of envelopes) {
      const origin = requestContextEnabled() ? origins?.get(envelope.id) : undefined;
      for (const { options, handler } of this.subscriptions) {
        if (options.eventTypes?.length && !options.eventTypes.includes(envelope.event)) continue;
        const copy = JSON.parse(JSON.stringify(envelope)) as EventEnvelope;
        if (!origin) {
          await handler(copy);
          continue;
        }
        // The handler runs in the id (and trace) of the request that wrote the event, as over JetStream.
        const context = originContext(origin, `process ${envelope.event}`, SpanKind.CONSUMER);
        await handleInContext(context, handler, copy);
      }
    }
  }
}
