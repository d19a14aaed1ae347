import { ErrorCode, GatheredSubject, JsonText, ServiceUnavailableError, Subject, gatheredFrom } from '@pds/contracts';
import { BusOutcome, Metrics, Span, SpanKind, endSpan, requestContext, requestContextEnabled, startSpan } from '@pds/observability';
import { Msg, NatsConnection, PublishOptions, Subscription } from 'nats';
import { performance } from 'node:perf_hooks';
import { BroadcastListener, HandlerErrorLogger, MessageBus, MessageHandler, Reply, encodeReply, replyJson, runHandler, unwrapReply } from './message-bus';
import { LargePayloads, isClaim } from './large-payloads';
import { originContext, readRequestHeaders, requestHeaders } from './message-trace';
import { NatsOptions, natsInboxPrefix, prefixed, requestPayloadsBucket } from './nats.connection';
import { GatherOptions, Gathered, Gathering } from './gathering';
import { ReplyInbox } from './reply-inbox';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const encode = (value: unknown) => encoder.encode(JSON.stringify(value ?? null));
const decode = (data: Uint8Array): unknown => JSON.parse(decoder.decode(data));
/** How an encoded successful Reply begins (the metric's outcome without parsing). */
const OK_REPLY = '{"ok":true';

interface SentRequest {
  subject: string;
  deadline: number;
  /** performance.now() when sent, for the request duration metric. */
  started: number;
  /** The client span of this request (tracing on only). */
  span: Span | undefined;
}

interface PendingRequest extends SentRequest {
  /** The reply as sent (a large one already fetched from the claim check): an encoded Reply. */
  resolve(reply: string): void;
  reject(error: Error): void;
}

interface PendingGather extends SentRequest {
  /** Its reply subject, to stop waiting when it ends before the deadline. */
  inbox: string;
  gathering: Gathering<unknown>;
  resolve(result: Gathered<unknown>): void;
  reject(error: Error): void;
}

/** The server answers a request nobody subscribes to with an empty 503 status message. */
const isNoResponders = (msg: Msg) => msg.data.length === 0 && msg.headers?.code === 503;

const SWEEP_INTERVAL_MS = 250;

/** Request/reply over core NATS; replies come back on one wildcard inbox per connection (ReplyInbox). */
export class NatsBus extends MessageBus {
  private readonly replies: ReplyInbox<PendingRequest>;
  /** Gathers wait apart from requests (several replies each); opened by the first gather. */
  private gathers: ReplyInbox<PendingGather> | undefined;
  private readonly large: LargePayloads;
  private readonly served: Subscription[] = [];
  /** Requests whose handler is running; `idle` is called when that falls to zero. */
  private answering = 0;
  private idle: (() => void) | undefined;

  constructor(
    private readonly nc: NatsConnection,
    private readonly options: NatsOptions,
    private readonly logger: HandlerErrorLogger,
    private readonly metrics: Metrics,
  ) {
    super();
    this.large = new LargePayloads(nc, requestPayloadsBucket(options.subjectPrefix));
    this.replies = new ReplyInbox<PendingRequest>(
      nc,
      natsInboxPrefix(options.subjectPrefix, options.name),
      {
        reply: (request, msg) => this.settle(request, msg),
        expire: (request) => {
          this.finish(request, 'timeout');
          request.reject(new ServiceUnavailableError(`The service behind ${request.subject} did not answer in time`));
        },
      },
      SWEEP_INTERVAL_MS,
    );
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
    let data = encode(payload);
    if (data.length > this.large.limit) data = encode(await this.large.stash(data));
    const context = requestContext.getStore();
    const span = context?.span && startSpan(`request ${subject}`, SpanKind.CLIENT, context.span, { 'messaging.destination.name': subject });
    return new Promise<string>((resolve, reject) => {
      const reply = this.replies.await({ subject, deadline: Date.now() + this.options.requestTimeoutMs, started: performance.now(), span, resolve, reject });
      if (this.publish(subject, data, reply, context?.requestId, span)) return;
      const pending = this.replies.cancel(reply);
      if (pending) this.finish(pending, 'unavailable');
      reject(new ServiceUnavailableError(`Messaging failed for ${subject}`));
    });
  }

  async gather<Req, Res>(subject: GatheredSubject<Req, Res>, payload: NoInfer<Req>, options: GatherOptions<NoInfer<Res>> = {}): Promise<Gathered<Res>> {
    let data = encode(payload);
    if (data.length > this.large.limit) data = encode(await this.large.stash(data));
    const context = requestContext.getStore();
    const span = context?.span && startSpan(`gather ${subject}`, SpanKind.CLIENT, context.span, { 'messaging.destination.name': subject });
    const gathering = new Gathering<Res>(subject, gatheredFrom(subject)?.length ?? 1, options.until) as Gathering<unknown>;
    const gathers = this.gatherInbox();
    return new Promise<Gathered<Res>>((resolve, reject) => {
      const pending: PendingGather = { subject, deadline: Date.now() + this.options.requestTimeoutMs, started: performance.now(), span, inbox: '', gathering, resolve: resolve as (result: Gathered<unknown>) => void, reject };
      pending.inbox = gathers.await(pending);
      if (!this.publish(subject, data, pending.inbox, context?.requestId, span)) this.endGather(pending, `Messaging failed for ${subject}`);
    });
  }

  private gatherInbox(): ReplyInbox<PendingGather> {
    this.gathers ??= new ReplyInbox<PendingGather>(
      this.nc,
      natsInboxPrefix(this.options.subjectPrefix, this.options.name),
      { reply: (pending, msg) => this.gathered(pending, msg), expire: (pending) => this.endGather(pending) },
      SWEEP_INTERVAL_MS,
    );
    return this.gathers;
  }

  /** Publishes a request; false when the connection refused it. */
  private publish(subject: string, data: Uint8Array, reply: string, requestId: string | undefined, span: Span | undefined): boolean {
    // The current request's id (and the span of this hop) travel as headers; none outside a request.
    const options: Partial<PublishOptions> = { reply, headers: requestHeaders(requestId, span) };
    try {
      this.nc.publish(prefixed(this.options.subjectPrefix, subject), data, options);
      return true;
    } catch {
      return false;
    }
  }

  /** One context's reply to a gather; true while the gather waits for more. */
  private gathered(pending: PendingGather, msg: Msg): boolean {
    if (isNoResponders(msg)) {
      this.endGather(pending, `No service answers ${pending.subject}`);
      return false;
    }
    const malformed: Reply = { ok: false, error: { error: ErrorCode.ServiceUnavailable, message: `Malformed reply for ${pending.subject}` } };
    const take = (reply: Reply) => {
      if (pending.gathering.add(reply)) this.endGather(pending);
    };
    this.read(
      msg,
      (text) => {
        try {
          take(JSON.parse(text) as Reply);
        } catch {
          take(malformed);
        }
      },
      () => take(malformed),
    );
    return !pending.gathering.complete;
  }

  /** Ends a gather once: with what it gathered, or with ServiceUnavailable(`unavailable`) when nothing could answer. */
  private endGather(pending: PendingGather, unavailable?: string): void {
    this.gathers?.cancel(pending.inbox);
    const ended = pending.gathering.end();
    if (!ended) return;
    if (unavailable) {
      this.finish(pending, 'unavailable');
      pending.reject(new ServiceUnavailableError(unavailable));
      return;
    }
    this.finish(pending, ended.outcome);
    if (ended.result instanceof ServiceUnavailableError) pending.reject(ended.result);
    else pending.resolve(ended.result);
  }

  /** Records how a request ended: the duration metric, and the client span when tracing. */
  private finish(request: SentRequest, outcome: BusOutcome): void {
    this.metrics.busRequest(request.subject, outcome, (performance.now() - request.started) / 1000);
    if (request.span) endSpan(request.span, outcome !== 'ok', outcome);
  }

  private settle(request: PendingRequest, msg: Msg): void {
    if (isNoResponders(msg)) {
      this.finish(request, 'unavailable');
      request.reject(new ServiceUnavailableError(`No service answers ${request.subject}`));
      return;
    }
    this.read(
      msg,
      (text) => {
        this.finish(request, text.startsWith(OK_REPLY) ? 'ok' : 'error');
        request.resolve(text);
      },
      () => {
        this.finish(request, 'unavailable');
        request.reject(new ServiceUnavailableError(`Malformed reply for ${request.subject}`));
      },
    );
  }

  /** A reply's text as sent (an encoded Reply), a large one fetched from its claim check first. */
  private read(msg: Msg, take: (text: string) => void, malformed: () => void): void {
    const text = decoder.decode(msg.data);
    // Every Reply starts with {"ok":; anything else is a claim check (or garbage).
    if (text.startsWith('{"ok":')) return take(text);
    try {
      const claim: unknown = JSON.parse(text);
      if (!isClaim(claim)) return malformed();
      this.large.redeem(claim).then((data) => take(decoder.decode(data)), malformed);
    } catch {
      malformed();
    }
  }

  serve(subject: string, handler: MessageHandler): void {
    const full = prefixed(this.options.subjectPrefix, subject);
    const subscription = this.nc.subscribe(full, {
      // A gathered subject: each app serving it is a queue group of its own, so that each answers once.
      queue: gatheredFrom(subject) ? `${full}.${this.options.name}` : full,
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
        // The caller's request id and span: the handler and everything it logs or sends run in them.
        const origin = requestContextEnabled() ? readRequestHeaders(msg) : undefined;
        const context = origin && originContext(origin, `handle ${subject}`, SpanKind.SERVER);
        if (context) void requestContext.run(context, () => this.answer(msg, subject, handler, payload, context.span));
        else void this.answer(msg, subject, handler, payload, undefined);
      },
    });
    this.served.push(subscription);
  }

  /**
   * Runs a served request's handler and sends its reply. Counted while it runs so that
   * `stopServing` can wait for it (a counter: a Set of promises with `finally` cost two promises
   * per message).
   */
  private async answer(msg: Msg, subject: string, handler: MessageHandler, payload: unknown, span: Span | undefined): Promise<void> {
    this.answering += 1;
    try {
      const request = isClaim(payload) ? decode(await this.large.redeem(payload)) : payload;
      const reply = await runHandler(subject, handler, request, this.logger);
      if (span) endSpan(span, !reply.ok, reply.ok ? undefined : reply.error.error);
      const data = encoder.encode(encodeReply(reply));
      msg.respond(data.length > this.large.limit ? encode(await this.large.stash(data)) : data);
    } catch (err) {
      this.logger.error({ err, subject }, 'could not answer a request');
      msg.respond(encode({ ok: false, error: { error: ErrorCode.ServiceUnavailable, message: 'Could not answer' } }));
    } finally {
      this.answering -= 1;
      if (this.answering === 0) this.idle?.();
    }
  }

  broadcast<M>(subject: Subject<M, void>, payload: NoInfer<M>): void {
    const requestId = requestContext.getStore()?.requestId;
    this.nc.publish(prefixed(this.options.subjectPrefix, subject), encode(payload), requestId ? { headers: requestHeaders(requestId, undefined) } : undefined);
  }

  flush(): Promise<void> {
    return this.nc.flush();
  }

  onBroadcast(subject: string, listener: BroadcastListener): void {
    const subscription = this.nc.subscribe(prefixed(this.options.subjectPrefix, subject), {
      callback: (error, msg) => {
        if (error) return;
        try {
          const origin = requestContextEnabled() ? readRequestHeaders(msg) : undefined;
          const context = origin && originContext(origin, `broadcast ${subject}`, SpanKind.CONSUMER);
          if (context) requestContext.run(context, listener, decode(msg.data));
          else listener(decode(msg.data));
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
    if (this.answering > 0) await new Promise<void>((resolve) => (this.idle = resolve));
  }

  async ping(): Promise<void> {
    if (this.nc.isClosed()) throw new ServiceUnavailableError('NATS connection is closed');
    await this.nc.flush();
  }

  async close(): Promise<void> {
    for (const request of [...this.replies.close(), ...(this.gathers?.close() ?? [])]) request.reject(new ServiceUnavailableError('Shutting down'));
    await this.nc.drain();
  }
}
