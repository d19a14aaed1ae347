import { NatsConnection, connect } from 'nats';

export interface NatsOptions {
  url: string;
  /** Prepended to every subject and stream name, so that several stacks can share one server. */
  subjectPrefix: string;
  requestTimeoutMs: number;
  /** Shown in the server's connection list. */
  name: string;
}

export function prefixed(prefix: string, subject: string): string {
  return prefix ? `${prefix}.${subject}` : subject;
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
      timeout: 10_000,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
    coalesceWrites(nc);
    return nc;
  } catch (error) {
    throw new Error(`NATS is not reachable at ${options.url}: ${(error as Error).message}`);
  }
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
