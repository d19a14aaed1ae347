import { AckPolicy, DeliverPolicy, JsMsg, NatsConnection, connect, nanos } from 'nats';
import { HARNESS_USER } from '../../../tools/nats-server';
import { natsConnectOptions, stackInfo } from './stack-info';
import type { Json } from './client';
import { atLeast, eventually } from './eventually';

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

  /** The events received so far that match, in arrival order. */
  matching(predicate: (e: Envelope) => boolean): Envelope[] {
    return this.envelopes.filter(predicate);
  }

  /**
   * The matching events once at least `count` have come (`eventually`: fails with those seen) and
   * 1.5 s more have passed, so that a duplicate or an extra event shows in what the test asserts.
   */
  async settled(predicate: (e: Envelope) => boolean, count: number): Promise<Envelope[]> {
    await eventually(() => this.matching(predicate), { until: atLeast(count), what: `${count} matching events` });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return this.matching(predicate);
  }

  async close(): Promise<void> {
    this.stop();
    await this.nc.close();
  }
}

export const isDistributed = () => stackInfo().mode === 'distributed';

/**
 * A test of the distributed run only (JetStream, gateway replicas): in the standalone run it shows
 * as skipped under the same name, not absent.
 */
export function itInDistributedRun(name: string, fn: jest.ProvidesCallback, timeout?: number): void {
  (isDistributed() ? it : it.skip)(`${name} (distributed run only)`, fn, timeout);
}
