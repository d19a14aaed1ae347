import {
  REQUEST_ID_HEADER,
  RequestContext,
  Span,
  SpanKind,
  TRACEPARENT_HEADER,
  currentRequestContext,
  startSpan,
  traceparentOf,
} from '@pds/observability';
import { MsgHdrs, headers } from 'nats';

/** The request whose transaction wrote an event: kept with the outbox row, sent as message headers. */
export interface EventOrigin {
  requestId: string;
  traceparent: string | null;
}

/**
 * Headers of a message sent on behalf of a request: its id, and the `traceparent` of `span` (the
 * sending side's span) when tracing is on, or the `parent` recorded earlier (an outbox row's).
 * Outside any request there is nothing to carry and the message has no headers at all.
 */
export function outboundHeaders(requestId: string | undefined, span: Span | undefined, parent?: string | null): MsgHdrs | undefined {
  if (!requestId) return undefined;
  const result = headers();
  result.append(REQUEST_ID_HEADER, requestId);
  const traceparent = span ? traceparentOf(span) : parent;
  if (traceparent) result.append(TRACEPARENT_HEADER, traceparent);
  return result;
}

/**
 * The context a received message is handled in: the sender's request id, and (tracing on) a span
 * whose parent is the sender's span in the other process. Undefined for a message without one.
 */
export function inboundContext(received: MsgHdrs | undefined, spanName: string, kind: SpanKind): RequestContext | undefined {
  const requestId = received?.get(REQUEST_ID_HEADER);
  if (!requestId) return undefined;
  return originContext({ requestId, traceparent: received?.get(TRACEPARENT_HEADER) || null }, spanName, kind);
}

export function originContext(origin: EventOrigin, spanName: string, kind: SpanKind): RequestContext {
  const span = origin.traceparent ? startSpan(spanName, kind, origin.traceparent) : undefined;
  return new RequestContext(origin.requestId, span);
}

/** The origin to record with an event written now, or null outside any request. */
export function currentOrigin(): EventOrigin | null {
  const context = currentRequestContext();
  if (!context) return null;
  return { requestId: context.requestId, traceparent: context.span ? (traceparentOf(context.span) ?? null) : null };
}
