declare const requestType: unique symbol;
declare const replyType: unique symbol;

/**
 * A request/reply subject with its request and reply types attached (at the type level only: at
 * run time it is the subject string, so `@MessagePattern(subject)` takes it as is). The caller's
 * `bus.request(subject, payload)` infers both types from it, so a subject's shape is written once.
 */
export type Subject<Request, Reply> = string & { readonly [requestType]?: Request; readonly [replyType]?: Reply };

export type RequestOf<S> = S extends Subject<infer Request, unknown> ? Request : never;
export type ReplyOf<S> = S extends Subject<unknown, infer Reply> ? Reply : never;

/** `defineSubject<CreateWorkItemRequest, WorkItemResponse>('delivery.work-item.create')`. */
export function defineSubject<Request, Reply>(name: string): Subject<Request, Reply> {
  return name as Subject<Request, Reply>;
}
