import { AckPolicy, DeliverPolicy, JsMsg, NatsConnection, connect, nanos } from 'nats';
import { HARNESS_USER } from '../../../tools/nats-server';
import { natsConnectOptions, stackInfo } from './stack-info';
import type { Json } from './client';

export interface Envelope {
  id: string;
  event: string;
  apiVersion: string;
  createdAt: string;
  organizationId: string;
  data: Json;
}

/**
 * Reads the EVENTS stream of the distributed stack from now on, keeping the envelopes of one
 * organization. The distributed run only: standalone has no JetStream (its events reach webhooks).
 */
export class EventRecorder {
  readonly envelopes: Envelope[] = [];
  private constructor(
    private readonly nc: NatsConnection,
    private readonly stop: () => void,
  ) {}

  static async start(organizationId: string): Promise<EventRecorder> {
    const stack = stackInfo();
    const { natsPrefix } = stack;
    if (!natsPrefix) throw new Error('EventRecorder needs the distributed stack');
    const nc = await connect(natsConnectOptions(stack, HARNESS_USER));
    const stream = `${natsPrefix}_EVENTS`;
    // An ephemeral consumer from a moment ago (Debian's nats-server 2.9 lacks ordered-consumer filters).
    const info = await (await nc.jetstreamManager()).consumers.add(stream, {
      ack_policy: AckPolicy.None,
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: new Date(Date.now() - 1000).toISOString(),
      filter_subject: `${natsPrefix}.events.>`,
      inactive_threshold: nanos(60_000),
    });
    const messages = await (await nc.jetstream().consumers.get(stream, info.name)).consume();
    const recorder = new EventRecorder(nc, () => void messages.close());
    void (async () => {
      for await (const msg of messages as AsyncIterable<JsMsg>) {
        const envelope = msg.json<Envelope>();
        if (envelope.organizationId === organizationId) recorder.envelopes.push(envelope);
      }
    })();
    return recorder;
  }

  /** Waits until `count` events matched, then a little longer to catch duplicates. */
  async waitFor(predicate: (e: Envelope) => boolean, count: number, timeoutMs = 10_000): Promise<Envelope[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.envelopes.filter(predicate).length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return this.envelopes.filter(predicate);
  }

  async close(): Promise<void> {
    this.stop();
    await this.nc.close();
  }
}

export const isDistributed = () => stackInfo().mode === 'distributed';
