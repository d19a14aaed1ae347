import { ErrorCode, ServiceUnavailableError } from '@pds/contracts';
import { NatsConnection, NatsError } from 'nats';
import { BroadcastListener, HandlerErrorLogger, MessageBus, MessageHandler, Reply, runHandler, unwrapReply } from './message-bus';
import { NatsOptions, prefixed } from './nats.connection';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const encode = (value: unknown) => encoder.encode(JSON.stringify(value ?? null));
const decode = (data: Uint8Array): unknown => JSON.parse(decoder.decode(data));

function isNatsError(error: unknown, code: string): boolean {
  return error instanceof NatsError && error.code === code;
}

/** Request/reply over core NATS; one multiplexed reply inbox per connection (nats.js `request`). */
export class NatsBus extends MessageBus {
  constructor(
    private readonly nc: NatsConnection,
    private readonly options: NatsOptions,
    private readonly logger: HandlerErrorLogger,
  ) {
    super();
  }

  async request<T>(subject: string, payload: unknown): Promise<T> {
    let reply: Reply;
    try {
      const msg = await this.nc.request(prefixed(this.options.subjectPrefix, subject), encode(payload), {
        timeout: this.options.requestTimeoutMs,
      });
      reply = decode(msg.data) as Reply;
    } catch (error) {
      if (isNatsError(error, '503')) throw new ServiceUnavailableError(`No service answers ${subject}`);
      if (isNatsError(error, 'TIMEOUT')) throw new ServiceUnavailableError(`The service behind ${subject} did not answer in time`);
      throw new ServiceUnavailableError(`Messaging failed for ${subject}`);
    }
    return unwrapReply<T>(reply);
  }

  serve(subject: string, handler: MessageHandler): void {
    const full = prefixed(this.options.subjectPrefix, subject);
    this.nc.subscribe(full, {
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
        void runHandler(subject, handler, payload, this.logger).then((reply) => msg.respond(encode(reply)));
      },
    });
  }

  broadcast(subject: string, payload: unknown): void {
    this.nc.publish(prefixed(this.options.subjectPrefix, subject), encode(payload));
  }

  onBroadcast(subject: string, listener: BroadcastListener): void {
    this.nc.subscribe(prefixed(this.options.subjectPrefix, subject), {
      callback: (error, msg) => {
        if (error) return;
        try {
          listener(decode(msg.data));
        } catch (err) {
          this.logger.error({ err, subject }, 'broadcast listener failed');
        }
      },
    });
  }

  async ping(): Promise<void> {
    if (this.nc.isClosed()) throw new ServiceUnavailableError('NATS connection is closed');
    await this.nc.flush();
  }

  async close(): Promise<void> {
    await this.nc.drain();
  }
}
