import { EventEnvelope, eventSubject } from '@pds/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamManager,
  JsMsg,
  Msg,
  NatsConnection,
  RetentionPolicy,
  StorageType,
  headers as natsHeaders,
  nanos,
} from 'nats';
import { Metrics, SpanKind, requestContextEnabled } from '@pds/observability';
import { ConsumerOptions, EventConsumer, EventHandler, EventOrigins, EventPublisher } from './event-stream';
import type { HandlerErrorLogger } from './message-bus';
import { LargePayloads, isClaim } from './large-payloads';
import { EventOrigin, handleInContext, inboundContext, outboundHeaders } from './message-trace';
import { eventPayloadsBucket, eventsStreamName, natsInboxPrefix, prefixed } from './nats.connection';
import { ReplyInbox } from './reply-inbox';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** JetStream drops a message whose id it saw within this window: the relay's retries stay single. */
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const MAX_AGE_MS = 7 * 24 * 3600_000;
/** How long a publish waits for the stream's acknowledgement (nats.js's JetStream default). */
const PUBLISH_TIMEOUT_MS = 5000;
const SWEEP_INTERVAL_MS = 500;

export interface JetStreamOptions {
  subjectPrefix: string;
  /** The app (NatsOptions.name): acknowledgements come back to its inbox. */
  name: string;
}

/** Creates the EVENTS stream if it does not exist; safe to call from every replica. */
export async function ensureEventsStream(jsm: JetStreamManager, prefix: string): Promise<string> {
  const name = eventsStreamName(prefix);
  try {
    await jsm.streams.info(name);
  } catch {
    try {
      await jsm.streams.add({
        name,
        subjects: [prefixed(prefix, 'events.>')],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        max_age: nanos(MAX_AGE_MS),
        duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      });
    } catch (error) {
      // Another replica created it between our info and add.
      await jsm.streams.info(name).catch(() => Promise.reject(error));
    }
  }
  return name;
}

/**
 * Events above the server's max_payload (an intake with a 900,000-character description) travel as
 * a claim check, like large requests on the bus; every durable consumer reads the object, so it is
 * kept as long as the stream keeps its messages.
 */
export function eventPayloads(nc: NatsConnection, prefix: string): LargePayloads {
  return new LargePayloads(nc, eventPayloadsBucket(prefix), { ttlMs: MAX_AGE_MS, keepOnRedeem: true });
}

interface PendingPublish {
  deadline: number;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Publishes with a message id (JetStream drops a re-publish within the duplicate window) and waits
 * for the stream's acknowledgement of each event on a ReplyInbox, as NatsBus waits for replies:
 * nats.js's `js.publish` is a `request`, which allocates two Errors and a timer per event (a
 * quarter of the relay's CPU per event).
 */
export class JetStreamEventPublisher extends EventPublisher {
  private ready?: Promise<void>;
  private readonly large: LargePayloads;
  private acknowledgements?: ReplyInbox<PendingPublish>;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: JetStreamOptions,
  ) {
    super();
    this.large = eventPayloads(nc, options.subjectPrefix);
  }

  async reachable(): Promise<boolean> {
    try {
      await this.init();
      await (await this.nc.jetstreamManager()).streams.info(eventsStreamName(this.options.subjectPrefix));
      return true;
    } catch {
      return false;
    }
  }

  private init(): Promise<void> {
    this.ready ??= (async () => {
      await ensureEventsStream(await this.nc.jetstreamManager(), this.options.subjectPrefix);
      this.acknowledgements = new ReplyInbox<PendingPublish>(
        this.nc,
        natsInboxPrefix(this.options.subjectPrefix, this.options.name),
        { reply: settle, expire: (pending) => pending.reject(new Error('the event stream did not acknowledge an event in time')) },
        SWEEP_INTERVAL_MS,
      );
    })().catch((error) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  async publish(envelopes: readonly EventEnvelope[], origins?: EventOrigins): Promise<void> {
    await this.init();
    // Every payload first (a large one is stashed), then every publish in the order given: a stash
    // awaited inside each publish let the events after a large one reach the stream before it.
    const payloads = await Promise.all(envelopes.map((envelope) => this.payload(envelope)));
    await Promise.all(envelopes.map((envelope, i) => this.publishOne(envelope, payloads[i], origins?.get(envelope.id))));
  }

  private async payload(envelope: EventEnvelope): Promise<Uint8Array> {
    const data = encoder.encode(JSON.stringify(envelope));
    return data.length > this.large.limit ? encoder.encode(JSON.stringify(await this.large.stash(data))) : data;
  }

  /** Sends at once (nothing awaited before the publish, so calls go out in call order); resolves on the stream's acknowledgement. */
  private async publishOne(envelope: EventEnvelope, data: Uint8Array, origin: EventOrigin | undefined): Promise<void> {
    const headers = (origin && outboundHeaders(origin.requestId, undefined, origin.traceparent)) ?? natsHeaders();
    headers.set(MSG_ID_HEADER, envelope.id);
    const acknowledgements = this.acknowledgements as ReplyInbox<PendingPublish>;
    let reply = '';
    const acknowledged = new Promise<void>((resolve, reject) => (reply = acknowledgements.await({ deadline: Date.now() + PUBLISH_TIMEOUT_MS, resolve, reject })));
    try {
      this.nc.publish(prefixed(this.options.subjectPrefix, eventSubject(envelope.event)), data, { reply, headers });
    } catch (error) {
      acknowledgements.cancel(reply);
      throw error;
    }
    await acknowledged;
  }
}

/** JetStream's de-duplication header (nats.js's PubHeaders.MsgIdHdr). */
const MSG_ID_HEADER = 'Nats-Msg-Id';

/** The stream's answer to one publish: a PubAck, an API error, or "no responders" (no stream). */
function settle(pending: PendingPublish, msg: Msg): void {
  if (msg.data.length === 0) {
    pending.reject(new Error(`the event stream did not take the event (${msg.headers?.code ?? 'no answer'} ${msg.headers?.description ?? ''})`.trim()));
    return;
  }
  try {
    const ack = JSON.parse(decoder.decode(msg.data)) as { stream?: string; error?: { code: number; description: string } };
    if (ack.error) pending.reject(new Error(`the event stream refused the event: ${ack.error.code} ${ack.error.description}`));
    else if (!ack.stream) pending.reject(new Error('the event stream answered without a stream'));
    else pending.resolve();
  } catch {
    pending.reject(new Error('the event stream answered with something other than an acknowledgement'));
  }
}

/** Durable pull consumer; messages are acknowledged only after the handler resolves. */
export class JetStreamEventConsumer extends EventConsumer {
  private readonly stopped = new AbortController();

  private readonly large: LargePayloads;
  private readonly handling = new Set<Promise<void>>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: JetStreamOptions,
    private readonly logger: HandlerErrorLogger,
    private readonly metrics: Metrics,
  ) {
    super();
    this.large = eventPayloads(nc, options.subjectPrefix);
  }

  async consume(options: ConsumerOptions, handler: EventHandler): Promise<void> {
    const jsm = await this.nc.jetstreamManager();
    const stream = await ensureEventsStream(jsm, this.options.subjectPrefix);
    // One filter subject: Debian's nats-server 2.9 has no multi-subject filters. Other types are
    // acknowledged and skipped below.
    const types = options.eventTypes?.length ? new Set(options.eventTypes) : undefined;
    const filter = prefixed(this.options.subjectPrefix, types?.size === 1 ? eventSubject([...types][0]) : 'events.>');
    await jsm.consumers
      .add(stream, {
        durable_name: options.durableName,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(30_000),
        max_ack_pending: 1000,
        filter_subject: filter,
      })
      .catch(() => jsm.consumers.update(stream, options.durableName, { ack_wait: nanos(30_000) }));
    const consumer = await this.nc.jetstream().consumers.get(stream, options.durableName);
    const messages = await consumer.consume({ max_messages: 200 });
    // The backlog is read from the server when Prometheus scrapes, not counted on the way.
    const removeGauge = this.metrics.consumerPending.add(async () => {
      const info = await consumer.info(false);
      return [[{ consumer: options.durableName }, info.num_pending + info.num_ack_pending]];
    });
    this.stopped.signal.addEventListener('abort', () => {
      removeGauge();
      void messages.close();
    });
    const limit = Math.max(1, options.concurrency ?? 1);
    // The event type is the end of the subject: an event of another type is acknowledged unread.
    const typeAt = prefixed(this.options.subjectPrefix, eventSubject('')).length;
    void (async () => {
      const inFlight = new Set<Promise<void>>();
      // Messages are decoded side by side (a large event is fetched from the object store first) but
      // handed to the handler in stream order: a fetch awaited before the handler let the events after
      // a large one reach it first, and a handler that stores as it is called (the event log) stored
      // them in that order.
      let previous: Promise<unknown> = Promise.resolve();
      for await (const msg of messages) {
        if (types && !types.has(msg.subject.slice(typeAt))) {
          msg.ack();
          continue;
        }
        const decoded = this.decode(msg);
        // Its failure is answered by handle (nak) when its turn comes; until then it is not unhandled.
        decoded.catch(() => undefined);
        const turn = previous.then(() => decoded);
        previous = turn.catch(() => undefined);
        const handled: Promise<void> = this.handle(msg, handler, turn).finally(() => {
          inFlight.delete(handled);
          this.handling.delete(handled);
        });
        inFlight.add(handled);
        this.handling.add(handled);
        if (inFlight.size >= limit) await Promise.race(inFlight);
      }
    })();
  }

  private async decode(msg: JsMsg): Promise<EventEnvelope> {
    const message: unknown = JSON.parse(decoder.decode(msg.data));
    return (isClaim(message) ? JSON.parse(decoder.decode(await this.large.redeem(message))) : message) as EventEnvelope;
  }

  private async handle(msg: JsMsg, handler: EventHandler, decoded: Promise<EventEnvelope>): Promise<void> {
    try {
      await this.run(msg, handler, await decoded);
      msg.ack();
    } catch (error) {
      this.logger.error({ err: error, subject: msg.subject }, 'event handler failed; message will be redelivered');
      msg.nak(1000);
    }
  }

  /** Runs the handler in the id (and trace) of the request that wrote the event, when it came from one. */
  private async run(msg: JsMsg, handler: EventHandler, envelope: EventEnvelope): Promise<void> {
    const context = requestContextEnabled() && msg.headers ? inboundContext(msg.headers, `process ${envelope.event}`, SpanKind.CONSUMER) : undefined;
    if (!context) return handler(envelope);
    await handleInContext(context, handler, envelope);
  }

  async stop(): Promise<void> {
    this.stopped.abort();
    await Promise.all([...this.handling]);
  }
}
