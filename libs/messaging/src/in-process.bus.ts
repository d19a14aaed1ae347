import { EncodedJson, JsonText, ServiceUnavailableError, Subject } from '@pds/contracts';
import { Metrics, RequestContext, SpanKind, endSpan, requestContext, startSpan } from '@pds/observability';
import { performance } from 'node:perf_hooks';
import { BroadcastListener, HandlerErrorLogger, MessageBus, MessageHandler, Reply, encodeReply, runHandler, unwrapReply } from './message-bus';

/** JSON round trip, so that in-process handlers get exactly what NATS would have carried. */
function wire<T>(value: unknown): T {
  return value === undefined ? (undefined as T) : (JSON.parse(JSON.stringify(value)) as T);
}

/** The standalone transport: same contract as NATS, no network. */
export class InProcessBus extends MessageBus {
  private readonly handlers = new Map<string, MessageHandler>();
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

  private async run(subject: string, payload: unknown): Promise<Reply> {
    const handler = this.handlers.get(subject);
    if (!handler) {
      this.metrics.busRequest(subject, 'unavailable', 0);
      throw new ServiceUnavailableError(`No service answers ${subject}`);
    }
    const started = performance.now();
    const context = requestContext.getStore();
    const span = context?.span ? startSpan(`handle ${subject}`, SpanKind.INTERNAL, context.span, { 'messaging.destination.name': subject }) : undefined;
    const reply: Reply = span && context
      ? await requestContext.run(new RequestContext(context.requestId, span), runHandler, subject, handler, wire(payload), this.logger)
      : await runHandler(subject, handler, wire(payload), this.logger);
    if (span) endSpan(span, !reply.ok);
    this.metrics.busRequest(subject, reply.ok ? 'ok' : 'error', (performance.now() - started) / 1000);
    return reply;
  }

  serve(subject: string, handler: MessageHandler): void {
    if (this.handlers.has(subject)) throw new Error(`Two handlers for ${subject}`);
    this.handlers.set(subject, handler);
  }

  broadcast<M>(subject: Subject<M, void>, payload: NoInfer<M>): void {
    for (const listener of this.listeners.get(subject) ?? []) {
      queueMicrotask(() => listener(wire(payload)));
    }
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
