import { ServiceUnavailableError, Subject } from '@pds/contracts';
import { BroadcastListener, HandlerErrorLogger, JsonText, MessageBus, MessageHandler, Reply, runHandler, unwrapReply } from './message-bus';

/** JSON round trip, so that in-process handlers get exactly what NATS would have carried. */
function wire<T>(value: unknown): T {
  return value === undefined ? (undefined as T) : (JSON.parse(JSON.stringify(value)) as T);
}

/** The standalone transport: same contract as NATS, no network. */
export class InProcessBus extends MessageBus {
  private readonly handlers = new Map<string, MessageHandler>();
  private readonly listeners = new Map<string, BroadcastListener[]>();

  constructor(private readonly logger: HandlerErrorLogger) {
    super();
  }

  async request<Req, Res>(subject: Subject<Req, Res>, payload: NoInfer<Req>): Promise<Res> {
    return unwrapReply<Res>(wire(await this.run(subject, payload)));
  }

  async requestJson<Req, Res>(subject: Subject<Req, Res>, payload: NoInfer<Req>): Promise<JsonText<Res>> {
    return JSON.stringify(unwrapReply<Res>(await this.run(subject, payload)));
  }

  private run(subject: string, payload: unknown): Promise<Reply> {
    const handler = this.handlers.get(subject);
    if (!handler) throw new ServiceUnavailableError(`No service answers ${subject}`);
    return runHandler(subject, handler, wire(payload), this.logger);
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
