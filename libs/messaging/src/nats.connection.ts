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

export function connectNats(options: NatsOptions): Promise<NatsConnection> {
  return connect({
    servers: options.url,
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
  });
}
