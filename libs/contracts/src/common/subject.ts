import type { Page } from './pagination';
declare const requestType: unique symbol;
declare const replyType: unique symbol;
declare const gatheredMark: unique symbol;

/**
 * A request/reply subject with its request and reply types attached (at the type level only: at
 * run time it is the subject string, so `@MessagePattern(subject)` takes it as is). The caller's
 * `bus.request(subject, payload)` infers both types from it, so a subject's shape is written once.
 */
export type Subject<Request, Reply> = string & { readonly [requestType]?: Request; readonly [replyType]?: Reply; readonly [gatheredMark]?: false };

export type RequestOf<S> = S extends Subject<infer Request, unknown> ? Request : never;
export type ReplyOf<S> = S extends Subject<unknown, infer Reply> ? Reply : never;

/** `defineSubject<CreateWorkItemRequest, WorkItemResponse>('delivery.work-item.create')`. */
export function defineSubject<Request, Reply>(name: string): Subject<Request, Reply> {
  return name as Subject<Request, Reply>;
}

/**
 * A subject several contexts answer, each once (every replica set is a queue group of its own): the
 * caller's `bus.gather` publishes once and collects their replies. Only `bus.gather` takes it
 * (`bus.request` would take the first reply for the whole answer).
 */
export type GatheredSubject<Request, Reply> = string & { readonly [requestType]?: Request; readonly [replyType]?: Reply; readonly [gatheredMark]: true };

/** The apps that answer each gathered subject, by subject. */
const gathered = new Map<string, readonly string[]>();

/**
 * `defineGatheredSubject<LocateRecordRequest, LocatedRecord | null>('records.locate', ['strategy-discovery', 'delivery-intake'])`:
 * the apps named are those whose answers a gather waits for (APP_MESSAGING must list it in their
 * `serves`; a unit test holds them together).
 */
export function defineGatheredSubject<Request, Reply>(name: string, answeredBy: readonly string[]): GatheredSubject<Request, Reply> {
  gathered.set(name, Object.freeze([...answeredBy]));
  return name as GatheredSubject<Request, Reply>;
}

/** The apps that answer a gathered subject; undefined for a subject one service answers. */
export function gatheredFrom(subject: string): readonly string[] | undefined {
  return gathered.get(subject);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any constructor: the request classes are class-transformer mixins
type RequestClass = new (...args: any[]) => object;

/** The request/reply operations a record resource may have, named as their subjects end. */
export type RecordOperation = 'create' | 'list' | 'get' | 'update' | 'archive' | 'unarchive';
type OperationReply<Op, Reply, CreateReply> = Op extends 'list' ? Page<Reply> : Op extends 'create' ? CreateReply : Reply;

/**
 * A record resource's operations, in the order given: each one's subject with the request class
 * the service validates its envelope with. The service's `RecordHandlers` serves them and the
 * gateway's `RecordRoutes` forwards to them, both from this one entry.
 */
export type RecordResource<Requests extends Partial<Record<RecordOperation, RequestClass>>, Reply, CreateReply = Reply> = {
  readonly [Op in keyof Requests & RecordOperation]: readonly [
    subject: Subject<InstanceType<NonNullable<Requests[Op]>>, OperationReply<Op, Reply, CreateReply>>,
    request: NonNullable<Requests[Op]>,
  ];
};

/**
 * `recordResource<SprintResponse>()('delivery.sprint', { list: ListSprintsRequest, create: CreateSprintRequest })`:
 * the subjects `delivery.sprint.list` and `delivery.sprint.create` with their request classes (a
 * list answers a page of the reply). Curried so that the reply is given and the requests inferred.
 * `CreateReply` when a create answers more than the record (a secret shown once).
 */
export function recordResource<Reply, CreateReply = Reply>() {
  return <Requests extends Partial<Record<RecordOperation, RequestClass>>>(name: string, requests: Requests): RecordResource<Requests, Reply, CreateReply> =>
    Object.freeze(Object.fromEntries(Object.entries(requests).map(([operation, request]) => [operation, Object.freeze([`${name}.${operation}`, request])]))) as RecordResource<
      Requests,
      Reply,
      CreateReply
    >;
}

type SubjectOf<Entry> = Entry extends readonly [infer S, unknown] ? S : never;

/** A resource's subjects by operation (`{ list: 'delivery.changelog.list', … }`), for a subjects object keyed so. */
export function operationSubjects<Resource extends Partial<Record<RecordOperation, readonly [string, RequestClass]>>>(
  resource: Resource,
): { readonly [Op in keyof Resource]: SubjectOf<Resource[Op]> } {
  return Object.fromEntries(Object.entries(resource).map(([operation, entry]) => [operation, (entry as readonly [string, RequestClass])[0]])) as {
    readonly [Op in keyof Resource]: SubjectOf<Resource[Op]>;
  };
}

type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

/** `<key>Create`, `<key>List`, … for every resource of a group: the keys a subjects object spreads in. */
export type RecordSubjects<Resources> = UnionToIntersection<
  {
    [Key in keyof Resources & string]: { readonly [Op in keyof Resources[Key] & RecordOperation as `${Key}${Capitalize<Op>}`]: SubjectOf<Resources[Key][Op]> };
  }[keyof Resources & string]
>;

/**
 * The subjects of a context's record resources under the flat keys callers name them by
 * (`StrategySubjects.annualGoalCreate`), spread into its subjects object in one line.
 */
export function recordSubjects<Resources extends Record<string, Partial<Record<RecordOperation, readonly [string, RequestClass]>>>>(resources: Resources): RecordSubjects<Resources> {
  const subjects: Record<string, string> = {};
  for (const [key, resource] of Object.entries(resources)) {
    for (const [operation, subject] of Object.entries(operationSubjects(resource))) subjects[`${key}${operation[0].toUpperCase()}${operation.slice(1)}`] = subject;
  }
  return subjects as RecordSubjects<Resources>;
}
