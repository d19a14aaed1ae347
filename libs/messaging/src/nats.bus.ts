import { ErrorCode, ServiceUnavailableError, Subject } from '@pds/contracts';
import { Msg, NatsConnection, Subscription, createInbox } from 'nats';
import { BroadcastListener, HandlerErrorLogger, JsonText, MessageBus, MessageHandler, Reply, replyJson, runHandler, unwrapReply } from './message-bus';
import { LargePayloads, isClaim } from './large-payloads';
import { NatsOptions, natsInboxPrefix, prefixed, requestPayloadsBucket } from './nats.connection';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const encode = (value: unknown) => encoder.encode(JSON.stringify(value ?? null));
const decode = (data: Uint8Array): unknown => JSON.parse(decoder.decode(data));

interface PendingRequest {
  subject: string;
  deadline: number;
  /** The reply as sent (a large one already fetched from the claim check): an encoded Reply. */
  resolve(reply: string): void;
  reject(error: Error): void;
}

const SWEEP_INTERVAL_MS = 250;

/**
 * Request/reply over core NATS. Replies come back on one wildcard inbox per connection; pending
 * requests live in a map and one timer sweeps the expired ones. (nats.js's own `request` allocates
 * two Errors and a timer per call for stack traces and cancellation; on the hot path that was a
 * measurable share of the gateway's CPU.)
 */
export class NatsBus extends MessageBus {
  private readonly inbox: string;
  private readonly pending = new Map<string, PendingRequest>();
  private nextToken = 0;
  private readonly sweeper: NodeJS.Timeout;
  private readonly large: LargePayloads;
  private readonly served: Subscription[] = [];
  private readonly answering = new Set<Promise<unknown>>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: NatsOptions,
    private readonly logger: HandlerErrorLogger,
  ) {
    super();
    this.inbox = createInbox(natsInboxPrefix(options.subjectPrefix, options.name));
    this.large = new LargePayloads(nc, requestPayloadsBucket(options.subjectPrefix));
    const prefixLength = this.inbox.length + 1;
    this.nc.subscribe(`${this.inbox}.*`, {
      callback: (error, msg) => {
        if (error) return;
        const request = this.pending.get(msg.subject.slice(prefixLength));
        if (!request) return;
        this.pending.delete(msg.subject.slice(prefixLength));
        this.settle(request, msg);
      },
    });
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async request<Req, Res>(subject: Subject<Req, Res>, payload: NoInfer<Req>): Promise<Res> {
    const text = await this.send(subject, payload);
    let reply: Reply;
    try {
      reply = JSON.parse(text) as Reply;
    } catch {
      throw new ServiceUnavailableError(`Malformed reply for ${subject}`);
    }
    return unwrapReply<Res>(reply);
  }

  async requestJson<Req, Res>(subject: Subject<Req, Res>, payload: NoInfer<Req>): Promise<JsonText<Res>> {
    return replyJson<Res>(await this.send(subject, payload));
  }

  private async send(subject: string, payload: unknown): Promise<string> {
    const token = (this.nextToken++).toString(36);
    let data = encode(payload);
    if (data.length > this.large.limit) data = encode(await this.large.stash(data));
    return new Promise<string>((resolve, reject) => {
      this.pending.set(token, { subject, deadline: Date.now() + this.options.requestTimeoutMs, resolve, reject });
      try {
        this.nc.publish(prefixed(this.options.subjectPrefix, subject), data, { reply: `${this.inbox}.${token}` });
      } catch {
        this.pending.delete(token);
        reject(new ServiceUnavailableError(`Messaging failed for ${subject}`));
      }
    });
  }

  private settle(request: PendingRequest, msg: Msg): void {
    // The server answers a request nobody subscribes to with an empty 503 status message.
    if (msg.data.length === 0 && msg.headers?.code === 503) {
      request.reject(new ServiceUnavailableError(`No service answers ${request.subject}`));
      return;
    }
    const malformed = () => request.reject(new ServiceUnavailableError(`Malformed reply for ${request.subject}`));
    const text = decoder.decode(msg.data);
    // Every Reply starts with {"ok":; anything else is a claim check (or garbage).
    if (text.startsWith('{"ok":')) return request.resolve(text);
    try {
      const claim: unknown = JSON.parse(text);
      if (!isClaim(claim)) return malformed();
      this.large.redeem(claim).then((data) => request.resolve(decoder.decode(data)), malformed);
    } catch {
      malformed();
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, request] of this.pending) {
      if (request.deadline > now) continue;
      this.pending.delete(token);
      request.reject(new ServiceUnavailableError(`The service behind ${request.subject} did not answer in time`));
    }
  }

  serve(subject: string, handler: MessageHandler): void {
    const full = prefixed(this.options.subjectPrefix, subject);
    const subscription = this.nc.subscribe(full, {
      queue: full,
      callback: (error, msg) => {
        if (error) {
          this.logger.error({ err: error, subject }, 'subscription failed');
          return;
        }
        let payload: unknown;
        try {
          payload = decode(msg.data);
        } catch {
          msg.respond(encode({ ok: false, error: { error: ErrorCode.BadRequest, message: 'Malformed message' } }));
          return;
        }
        const respond = async (reply: Reply) => {
          const data = encode(reply);
          msg.respond(data.length > this.large.limit ? encode(await this.large.stash(data)) : data);
        };
        const answer = isClaim(payload)
          ? this.large.redeem(payload).then((data) => runHandler(subject, handler, decode(data), this.logger))
          : runHandler(subject, handler, payload, this.logger);
        const answered = answer.then(respond).catch((err: unknown) => {
          this.logger.error({ err, subject }, 'could not answer a request');
          msg.respond(encode({ ok: false, error: { error: ErrorCode.ServiceUnavailable, message: 'Could not answer' } }));
        });
        this.answering.add(answered);
        void answered.finally(() => this.answering.delete(answered));
      },
    });
    this.served.push(subscription);
  }

  broadcast<M>(subject: Subject<M, void>, payload: NoInfer<M>): void {
    this.nc.publish(prefixed(this.options.subjectPrefix, subject), encode(payload));
  }

  onBroadcast(subject: string, listener: BroadcastListener): void {
    const subscription = this.nc.subscribe(prefixed(this.options.subjectPrefix, subject), {
      callback: (error, msg) => {
        if (error) return;
        try {
          listener(decode(msg.data));
        } catch (err) {
          this.logger.error({ err, subject }, 'broadcast listener failed');
        }
      },
    });
    this.served.push(subscription);
  }

  async stopServing(): Promise<void> {
    // Draining unsubscribes (the queue group's other members take new requests) and hands over
    // what was already delivered; then wait for those answers to go out.
    await Promise.all(this.served.splice(0).map((subscription) => subscription.drain().catch(() => undefined)));
    await Promise.all([...this.answering]);
  }

  async ping(): Promise<void> {
    if (this.nc.isClosed()) throw new ServiceUnavailableError('NATS connection is closed');
    await this.nc.flush();
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const request of this.pending.values()) request.reject(new ServiceUnavailableError('Shutting down'));
    this.pending.clear();
    await this.nc.drain();
  }
}
