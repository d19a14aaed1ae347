import { Msg, NatsConnection, createInbox } from 'nats';

/** What waits on a reply: when it gives up (epoch ms). */
export interface AwaitedReply {
  deadline: number;
}

export interface ReplyInboxHandlers<P extends AwaitedReply> {
  /**
   * A reply arrived for `pending` (already removed from the inbox). True puts it back: it waits for
   * more replies (a gather), until its deadline or `cancel`.
   */
  reply(pending: P, msg: Msg): boolean | void;
  /** `pending` got no reply by its deadline (already removed). */
  expire(pending: P): void;
}

/**
 * Replies to many requests on one wildcard inbox per connection: each request gets a token, the
 * waiting ones live in a map, and one timer sweeps those past their deadline. nats.js's own
 * `request` (and `js.publish`, which is one) allocates two Errors and a timer per call for stack
 * traces and cancellation, a measurable share of CPU on a hot path; the bus's requests and the
 * event publisher's acknowledgements both wait here instead.
 */
export class ReplyInbox<P extends AwaitedReply> {
  private readonly inbox: string;
  private readonly waiting = new Map<string, P>();
  private nextToken = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    nc: NatsConnection,
    inboxPrefix: string,
    private readonly handlers: ReplyInboxHandlers<P>,
    sweepIntervalMs: number,
  ) {
    this.inbox = createInbox(inboxPrefix);
    const prefixLength = this.inbox.length + 1;
    nc.subscribe(`${this.inbox}.*`, {
      callback: (error, msg) => {
        if (error) return;
        const token = msg.subject.slice(prefixLength);
        const pending = this.waiting.get(token);
        if (!pending) return;
        this.waiting.delete(token);
        if (this.handlers.reply(pending, msg) === true) this.waiting.set(token, pending);
      },
    });
    this.sweeper = setInterval(() => this.sweep(), sweepIntervalMs);
    this.sweeper.unref();
  }

  /** Registers `pending`; returns the reply subject to publish with. */
  await(pending: P): string {
    const token = (this.nextToken++).toString(36);
    this.waiting.set(token, pending);
    return `${this.inbox}.${token}`;
  }

  /** Stops waiting for replies to this subject (the publish failed, a gather ended); returns what waited, if anything. */
  cancel(replySubject: string): P | undefined {
    const token = replySubject.slice(this.inbox.length + 1);
    const pending = this.waiting.get(token);
    this.waiting.delete(token);
    return pending;
  }

  /** Stops the sweeper; returns everything still waiting (the caller rejects it). */
  close(): P[] {
    clearInterval(this.sweeper);
    const left = [...this.waiting.values()];
    this.waiting.clear();
    return left;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [token, pending] of this.waiting) {
      if (pending.deadline > now) continue;
      this.waiting.delete(token);
      this.handlers.expire(pending);
    }
  }
}
