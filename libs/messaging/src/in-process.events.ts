import type { EventEnvelope } from '@pds/contracts';
import { ConsumerOptions, EventConsumer, EventHandler, EventPublisher } from './event-stream';

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

  async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
    if (this.stopped) throw new Error('the event stream is shutting down');
    for (const envelope of envelopes) {
      for (const { options, handler } of this.subscriptions) {
        if (options.eventTypes?.length && !options.eventTypes.includes(envelope.event)) continue;
        await handler(JSON.parse(JSON.stringify(envelope)) as EventEnvelope);
      }
    }
  }
}
