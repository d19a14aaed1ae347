import type { Span } from '@opentelemetry/api';
import { AsyncLocalStorage } from 'node:async_hooks';

/** Message header names that carry a request across processes (NATS request/reply and JetStream). */
export const REQUEST_ID_HEADER = 'x-request-id';
export const TRACEPARENT_HEADER = 'traceparent';

/**
 * What a request carries through every process it reaches: its id (the edge's `x-request-id`)
 * and, when tracing is on, the span the work runs under. One object per request or message; the
 * logger reads it for every line, the bus for every message it sends.
 */
export class RequestContext {
  constructor(
    readonly requestId: string,
    readonly span?: Span,
  ) {}
}

/**
 * The current request of the running code. Entered by the HTTP app (per request), by the bus (per
 * message served) and by the event consumers (per event); read by the logger and the bus.
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestContext(): RequestContext | undefined {
  return requestContext.getStore();
}
