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
    return await connect({
      servers: options.url,
      name: options.name,
      timeout: 10_000,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
  } catch (error) {
    throw new Error(`NATS is not reachable at ${options.url}: ${(error as Error).message}`);
  }
}
