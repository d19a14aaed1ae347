import { EncodedJson, GatheredSubject, JsonText, ServiceUnavailableError, Subject, gatheredFrom } from '@pds/contracts';
import { Metrics, RequestContext, SpanKind, endSpan, requestContext, startSpan } from '@pds/observability';
import { performance } from 'node:perf_hooks';
import { GatherOptions, Gathered, Gathering } from './gathering';
import { BroadcastListener, HandlerErrorLogger, MessageBus, MessageHandler, Reply, encodeReply, runHandler, unwrapReply } from './message-bus';

/** JSON round trip, so that in-process handlers get exactly what NATS would have carried. */
function wire<T>(value: unknown): T {
  return value === undefined ? (undefined as T) : (JSON.parse(JSON.stringify(value)) as T);
}

/**
 * The standalone transport: same contract as NATS, no network. Like its requests, a gather has no
 * deadline here: every context runs in this process and answers.
 */
export class InProcessBus extends MessageBus {
  /** One handler per subject; a gathered subject's: one per context serving it. */
  private readonly handlers = new Map<string, MessageHandler[]>();
  private readonly listeners = new Map<string, BroadcastListener[]>();

  constructor(
    private readonly logger: HandlerErrorLogger,
    private readonly metrics: Metrics = new Metrics({ processMetrics: false }),
  ) {
    super();
  }

  /** The caller's context flows into the handler by itself (one process); with tracing, under a span of its own. */
  async request<Req, Res>(subject: Subject<Req, Res>, payload: NoInfer<Req>): Promise<Res> {
    return unwrapReply<Res>(JSON.parse(encodeReply(await this.run(subject, payload))) as Reply);
  }

  async requestJson<Req, Res>(subject: Subject<Req, Res>, payload: NoInfer<Req>): Promise<JsonText<Res>> {
    const reply = await this.run(subject, payload);
    return reply.ok && reply.data instanceof EncodedJson ? reply.data.json : JSON.stringify(unwrapReply<Res>(reply));
  }

  async gather<Req, Res>(subject: GatheredSubject<Req, Res>, payload: NoInfer<Req>, options: GatherOptions<NoInfer<Res>> = {}): Promise<Gathered<Res>> {
    const handlers = this.handlersOf(subject);
    const started = performance.now();
    const gathering = new Gathering<Res>(subject, handlers.length, options.until);
    await new Promise<void>((resolve) => {
      for (const handler of handlers) {
        void this.handle(subject, handler, payload).then((reply) => {
          if (gathering.add(JSON.parse(encodeReply(reply)) as Reply)) resolve();
        });
      }
    });
    const { outcome, result } = gathering.end()!;
    this.metrics.busRequest(subject, outcome, (performance.now() - started) / 1000);
    if (result instanceof ServiceUnavailableError) throw result;
    return result;
  }

  private async run(subject: string, payload: unknown): Promise<Reply> {
    const [handler] = this.handlersOf(subject);
    const started = performance.now();
    const reply = await this.handle(subject, handler, payload);
    this.metrics.busRequest(subject, reply.ok ? 'ok' : 'error', (performance.now() - started) / 1000);
    return reply;
  }

  private handlersOf(subject: string): MessageHandler[] {
    const handlers = this.handlers.get(subject);
    if (handlers) return handlers;
    this.metrics.busRequest(subject, 'unavailable', 0);
    throw new ServiceUnavailableError(`No service answers ${subject}`);
  }

  /** Runs one handler on the wire's copy of the payload, in the caller's context (under a span of its own when tracing). */
  private async handle(subject: string, handler: MessageHandler, payload: unknown): Promise<Reply> {
    const context = requestContext.getStore();
    const span = context?.span ? startSpan(`handle ${subject}`, SpanKind.INTERNAL, context.span, { 'messaging.destination.name': subject }) : undefined;
    const reply: Reply = span && context
      ? await requestContext.run(new RequestContext(context.requestId, span), runHandler, subject, handler, wire(payload), this.logger)
      : await runHandler(subject, handler, wire(payload), this.logger);
    if (span) endSpan(span, !reply.ok);
    return reply;
  }

  serve(subject: string, handler: MessageHandler): void {
    const handlers = this.handlers.get(subject) ?? [];
    if (handlers.length > 0 && !gatheredFrom(subject)) throw new Error(`Two handlers for ${subject}`);
    this.handlers.set(subject, [...handlers, handler]);
  }

  broadcast<M>(subject: Subject<M, void>, payload: NoInfer<M>): void {
    for (const listener of this.listeners.get(subject) ?? []) {
      queueMicrotask(() => listener(wire(payload)));
    }
  }

  /** The listeners run in microtasks queued by broadcast, all of them before the next macrotask. */
  flush(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  onBroadcast(subject: string, listener: BroadcastListener): void {
    this.listeners.set(subject, [...(this.listeners.get(subject) ?? []), listener]);
  }

  /** In one process the HTTP server has closed first, so the requests still running are its own. */
  async stopServing(): Promise<void> {
    this.handlers.clear();
    this.listeners.clear();
  }

  async ping(): Promise<void> {
    // Always reachable: it is this process.
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.listeners.clear();
  }
}
