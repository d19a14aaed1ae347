import { NatsConnection, connect } from 'nats';

export interface NatsOptions {
  url: string;
  /** Prepended to every subject and stream name, so that several stacks can share one server. */
  subjectPrefix: string;
  requestTimeoutMs: number;
  /** The app: shown in the server's connection list, and the token of its reply inboxes. */
  name: string;
  /** The app's own NATS user (docs/nats-authorization.md); none: connect without credentials. */
  user?: string;
  password?: string;
}

export function prefixed(prefix: string, subject: string): string {
  return prefix ? `${prefix}.${subject}` : subject;
}

/** Stream and bucket names allow fewer characters than subjects. */
function streamToken(prefix: string): string {
  return prefix.replace(/[^A-Za-z0-9_-]/g, '_');
}

function streamPrefixed(prefix: string, name: string): string {
  return prefix ? `${streamToken(prefix)}_${name}` : name;
}

/** The JetStream stream of domain events. */
export function eventsStreamName(prefix: string): string {
  return streamPrefixed(prefix, 'EVENTS');
}

/** Object store of request and reply payloads above max_payload. */
export function requestPayloadsBucket(prefix: string): string {
  return streamPrefixed(prefix, 'PAYLOADS');
}

/** Object store of event payloads above max_payload. */
export function eventPayloadsBucket(prefix: string): string {
  return streamPrefixed(prefix, 'EVENT_PAYLOADS');
}

/**
 * Where replies to the app's requests (its own and its JetStream API calls) arrive: one prefix per
 * app, so that its NATS user may subscribe to its replies and to nobody else's.
 */
export function natsInboxPrefix(prefix: string, app: string): string {
  return prefixed(prefix, `_INBOX.${app}`);
}

/**
 * Connects or fails: an app that cannot reach NATS at boot exits with the reason (the orchestrator
 * restarts it) instead of hanging without a health endpoint. Once connected, it reconnects forever.
 */
export async function connectNats(options: NatsOptions): Promise<NatsConnection> {
  try {
    const nc = await connect({
      servers: options.url,
      name: options.name,
      user: options.user,
      pass: options.password,
      inboxPrefix: natsInboxPrefix(options.subjectPrefix, options.name),
      timeout: 10_000,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
    coalesceWrites(nc);
    return nc;
  } catch (error) {
    const as = options.user ? ` as user ${options.user}` : ' without credentials';
    throw new Error(`NATS refused or did not answer at ${redactedUrl(options.url)}${as}: ${(error as Error).message}`);
  }
}

/**
 * A refused publish or subscription is otherwise silent: the request only times out. Logs which
 * subject the app's NATS user lacks, once per subject and operation.
 */
export function logRefusals(nc: NatsConnection, logger: { error(context: Record<string, unknown>, message: string): void }): void {
  const logged = new Set<string>();
  void (async () => {
    for await (const status of nc.status()) {
      const refused = status.permissionContext;
      if (!refused || logged.has(`${refused.operation} ${refused.subject}`)) continue;
      logged.add(`${refused.operation} ${refused.subject}`);
      logger.error(
        { operation: refused.operation, subject: refused.subject },
        'NATS refused this app a subject its user has no permission for; see APP_MESSAGING and docs/nats-authorization.md',
      );
    }
  })();
}

/** NATS_URL may carry credentials (`nats://user:password@host`); messages show it without them. */
function redactedUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/g, '//***@');
}

interface OutboundBuffer {
  length(): number;
  size(): number;
  fill(buffer: Uint8Array, ...payloads: Uint8Array[]): void;
}
interface ProtocolInternals {
  outbound: OutboundBuffer;
  pendingLimit: number;
  flushPending(): void;
  sendCommand(cmd: string | Uint8Array, ...payloads: Uint8Array[]): void;
}

const encoder = new TextEncoder();

/**
 * nats.js (2.29) writes its outbound buffer in a microtask, that is once per I/O callback: under
 * load every request and every reply became its own socket write, and the writes (with the reads
 * they cause in nats-server) were the largest CPU cost of the NATS hop. Deferring the write to
 * setImmediate sends everything produced in one event-loop turn in one write, at no latency cost.
 * Replaces one method of the connection's protocol handler; left alone if its shape changed.
 */
export function coalesceWrites(nc: NatsConnection): void {
  const protocol = (nc as unknown as { protocol?: ProtocolInternals }).protocol;
  if (!protocol || typeof protocol.flushPending !== 'function' || typeof protocol.outbound?.fill !== 'function') return;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    protocol.flushPending();
  };
  protocol.sendCommand = (cmd, ...payloads) => {
    protocol.outbound.fill(typeof cmd === 'string' ? encoder.encode(cmd) : cmd, ...payloads);
    if (protocol.outbound.size() >= protocol.pendingLimit) {
      protocol.flushPending();
    } else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}
