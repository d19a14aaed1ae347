import { ApiErrorBody, AppException, EncodedJson, ErrorCode, GatheredSubject, JsonText, Subject } from '@pds/contracts';
import type { GatherOptions, Gathered } from './gathering';

export type MessageHandler = (payload: unknown) => Promise<unknown> | unknown;
export type BroadcastListener = (payload: unknown) => void;

/** What travels back from a service: its data, or the error the service threw. */
export type Reply = { ok: true; data: unknown } | { ok: false; error: ApiErrorBody };

/**
 * Request/reply and broadcast between the apps. NATS in the distributed run, direct calls in the
 * standalone run; both encode payloads as JSON so that a handler sees the same plain objects in
 * either, and both turn a thrown AppException into the same error at the caller.
 */
export abstract class MessageBus {
  /**
   * Resolves with the handler's result, or rejects with the AppException the handler threw. Both
   * types come from the subject (`defineSubject` in libs/contracts).
   */
  abstract request<Req, Res>(subject: Subject<Req, Res>, payload: NoInfer<Req>): Promise<Res>;
  /**
   * The same request, answered with the handler's result as JSON text, for an edge route that
   * sends it on unchanged: the reply is not parsed only to be serialized again.
   */
  abstract requestJson<Req, Res>(subject: Subject<Req, Res>, payload: NoInfer<Req>): Promise<JsonText<Res>>;
  /**
   * One request to every context serving a gathered subject (`defineGatheredSubject`), each
   * answering once: resolves when an answer satisfies `until`, when every context named by the
   * subject has answered, or at the request deadline with the answers so far. A context's error
   * reply is one of the replies (Gathered.errors), never the whole result; rejects with
   * ServiceUnavailable only when no context answered at all. Counted as one bus request.
   */
  abstract gather<Req, Res>(subject: GatheredSubject<Req, Res>, payload: NoInfer<Req>, options?: GatherOptions<NoInfer<Res>>): Promise<Gathered<Res>>;
  /**
   * Serves a subject; replicas of a service share its requests (queue group; for a gathered subject
   * one group per app, so that each app answers once). Used by BusTransport.
   */
  abstract serve(subject: string, handler: MessageHandler): void;
  /** Fire-and-forget message to every listener in every replica. */
  abstract broadcast<M>(subject: Subject<M, void>, payload: NoInfer<M>): void;
  abstract onBroadcast(subject: string, listener: BroadcastListener): void;
  /**
   * Resolves when everything sent so far has reached the server (NATS: a round trip after the
   * buffered writes) or its listeners (in process): a broadcast that must arrive before an answer
   * (a revoked key) is followed by it.
   */
  abstract flush(): Promise<void>;
  /**
   * Stops taking requests and broadcasts (replicas take them over) and resolves when the handlers
   * already running have answered: the first step of a graceful shutdown. Requests out still work.
   */
  abstract stopServing(): Promise<void>;
  /** Resolves when the transport is usable; readiness probes call it. */
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;
}

/** What `encode` makes of a successful Reply begins with this; the data's JSON follows, then `}`. */
const OK_PREFIX = '{"ok":true,"data":';

/** A Reply as it travels; a handler's EncodedJson goes in as its text, not serialized again. */
export function encodeReply(reply: Reply): string {
  return reply.ok && reply.data instanceof EncodedJson ? `${OK_PREFIX}${reply.data.json}}` : JSON.stringify(reply);
}

/**
 * The data of an encoded Reply as JSON text, without parsing it when the reply succeeded (the
 * common case, cut out of the envelope); an error reply is parsed and thrown as its AppException.
 */
export function replyJson<T>(text: string): JsonText<T> {
  if (text.startsWith(OK_PREFIX) && text.endsWith('}')) return text.slice(OK_PREFIX.length, -1);
  return JSON.stringify(unwrapReply<T>(JSON.parse(text) as Reply));
}

export interface HandlerErrorLogger {
  error(context: Record<string, unknown>, message: string): void;
}

/** Runs a handler and captures its outcome as a Reply; unexpected errors are logged, never leaked. */
export async function runHandler(
  subject: string,
  handler: MessageHandler,
  payload: unknown,
  logger: HandlerErrorLogger,
): Promise<Reply> {
  try {
    return { ok: true, data: (await handler(payload)) ?? null };
  } catch (error) {
    if (error instanceof AppException) return { ok: false, error: error.toBody() };
    logger.error({ err: error, subject }, 'message handler failed');
    return { ok: false, error: { error: ErrorCode.InternalError, message: 'Internal error' } };
  }
}

export function unwrapReply<T>(reply: Reply): T {
  if (reply.ok) return reply.data as T;
  throw AppException.fromBody(reply.error);
}
