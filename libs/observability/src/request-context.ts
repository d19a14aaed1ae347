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

let propagating = true;

/**
 * Whether requests carry their context into the async work they cause. `auto` (the default) means
 * on where AsyncLocalStorage is cheap: Node 24+ (AsyncContextFrame). On Node 20 an active
 * AsyncLocalStorage puts a hook on every promise, about 30 µs of CPU per gateway → service request
 * measured here (docs/benchmarks.md), so `auto` leaves it off there unless tracing is on (spans
 * need it); `on` and `off` force it. Off, the edge still answers and logs its `x-request-id`; only
 * the propagation into other lines, processes and events is missing.
 */
export function configureRequestContext(mode: 'auto' | 'on' | 'off', tracing: boolean): boolean {
  propagating = mode === 'on' || tracing || (mode === 'auto' && asyncContextIsCheap());
  return propagating;
}

export function requestContextEnabled(): boolean {
  return propagating;
}

function asyncContextIsCheap(): boolean {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (flags.includes('--no-async-context-frame')) return false;
  return Number(process.versions.node.split('.')[0]) >= 24 || flags.includes('--experimental-async-context-frame');
}
