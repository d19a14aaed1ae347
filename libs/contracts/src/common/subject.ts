import type { Page } from './pagination';
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

/** `<key>Create`, `<key>List`, `<key>Get`, `<key>Update`: the keys a subjects object spreads in. */
export type RecordSubjects<K extends string, Create, List, Get, Update, Reply, CreateReply = Reply> = {
  readonly [P in `${K}Create`]: Subject<Create, CreateReply>;
} & {
  readonly [P in `${K}List`]: Subject<List, Page<Reply>>;
} & { readonly [P in `${K}Get`]: Subject<Get, Reply> } & { readonly [P in `${K}Update`]: Subject<Update, Reply> };

/**
 * The create / list / get / update subjects of a record resource (`<name>.create` …), spread into a
 * context's subjects object in one line instead of four:
 * `...recordSubjects<CreateX, ListX, GetX, UpdateX, XResponse>()('x', 'context.x')` defines `xCreate`,
 * `xList` (answering a page), `xGet` and `xUpdate`. Curried so that the types are given and the key
 * inferred. `CreateReply` when a create answers more than the record (a secret shown once).
 */
export function recordSubjects<Create, List, Get, Update, Reply, CreateReply = Reply>() {
  return <K extends string>(key: K, name: string): RecordSubjects<K, Create, List, Get, Update, Reply, CreateReply> =>
    ({
      [`${key}Create`]: `${name}.create`,
      [`${key}List`]: `${name}.list`,
      [`${key}Get`]: `${name}.get`,
      [`${key}Update`]: `${name}.update`,
    }) as RecordSubjects<K, Create, List, Get, Update, Reply, CreateReply>;
}
