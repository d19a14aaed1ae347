import { Body, Delete, Get, Inject, Param, Patch, Post, Query, Type } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { DeletedRecordResponse, type AuthContext, type EventType, type Subject, type TrashKind } from '@pds/contracts';
import { Doc, Returns, ReturnsNothing } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { Auth, Paginated } from '../auth/api-controller.decorator';

/** A REST controller whose routes forward to a service over the bus. */
export class BusRoutes {
  constructor(@Inject(MessageBus) protected readonly bus: MessageBus) {}
}

/** A route argument: its decorator and the class the compiler would record for its type. */
type Parameter = [decorator: ParameterDecorator, type: Type<unknown> | undefined];

/** The service handler's envelope, from the route's arguments after the caller. */
type Envelope = (auth: AuthContext, first: never, second: never) => object;

/**
 * The routes of a record resource: method and path, the arguments after `@Auth()` (with the
 * binding's DTO class), and the envelope the service's handler takes.
 */
const OPERATIONS = {
  list: { route: () => Get(), input: (dto) => [[Query(), dto]], envelope: (auth, query) => ({ auth, query }) },
  create: { route: () => Post(), input: (dto) => [[Body(), dto]], envelope: (auth, body) => ({ auth, body }) },
  get: { route: () => Get(':id'), input: () => [[Param('id'), String]], envelope: (auth, id) => ({ auth, id }) },
  update: { route: () => Patch(':id'), input: (dto) => [[Param('id'), String], [Body(), dto]], envelope: (auth, id, body) => ({ auth, id, body }) },
  archive: { route: () => Post(':id/archive'), input: () => [[Param('id'), String]], envelope: (auth, id) => ({ auth, id }) },
  unarchive: { route: () => Post(':id/unarchive'), input: () => [[Param('id'), String]], envelope: (auth, id) => ({ auth, id }) },
  remove: { route: () => Delete(':id'), input: () => [[Param('id'), String]], envelope: (auth, id) => ({ auth, id }) },
  /** To the trash: the context's delete subject with the resource's kind (`trash(Subjects.recordDelete, 'sprint')`). */
  delete: { route: () => Delete(':id'), input: () => [[Param('id'), String]], envelope: (auth, id) => ({ auth, id }) },
} satisfies Record<string, { route: () => MethodDecorator; input: (dto?: Type<object>) => Parameter[]; envelope: Envelope }>;

/** The method a hand-written controller would have: one request over the bus. */
function forward(subject: string, envelope: Envelope, answersNothing: boolean): (this: BusRoutes, auth: AuthContext, first: never, second: never) => Promise<unknown> {
  if (!answersNothing) {
    return function (auth, first, second) {
      return this.bus.request(subject, envelope(auth, first, second));
    };
  }
  return async function (auth, first, second) {
    // The bus carries "no result" as null; the contract's DELETE answers an empty body.
    await this.bus.request(subject, envelope(auth, first, second));
  };
}

export type RecordRoute = keyof typeof OPERATIONS;

/** The `delete` entry of a resource's subjects: its context's delete subject and the kind the record is. */
export function trash(subject: RouteSubject, kind: TrashKind): readonly [RouteSubject, TrashKind] {
  return [subject, kind];
}

/**
 * Each route's subject, in the order of the routes: a record resource of the contracts
 * (`StrategyRecords.ckr`, whose entries also name the service's request class) or plain subjects.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the subject's request type is the service's envelope, not checked here
type RouteSubject = Subject<any, unknown>;
export type RouteSubjects = Partial<Record<RecordRoute, RouteSubject | readonly [subject: RouteSubject, ...rest: unknown[]]>>;

/**
 * What the document says about a resource's routes: the record's name, the permission its writes
 * need (reads need `read`), the events each route emits and anything a route does beyond the usual.
 */
export interface RecordAbout {
  /** `sprint`, `key result`: the record in words. */
  one: string;
  many: string;
  /** The permission of create, update and remove. */
  writes: Permission;
  /** Reads need more than `read` (webhook subscriptions, repository connections). */
  reads?: Permission;
  /** A route that needs another permission than the rule above (submitting intake). */
  requires?: Partial<Record<RecordRoute, Permission>>;
  emits?: Partial<Record<RecordRoute, EventType[]>>;
  /** A sentence added to a route's description: what it does beyond the usual. */
  notes?: Partial<Record<RecordRoute, string>>;
}

/**
 * The classes the routes validate and document: the body of create and update, the query of list;
 * `created` when a create answers another shape than the record's (one that shows a secret once);
 * `about` for the words.
 */
export type RouteInputs<S extends RouteSubjects> = { [Op in keyof S & ('create' | 'list' | 'update')]: Type<object> } & { created?: Type<unknown>; about: RecordAbout };

/** Each route's summary and description, from the resource's declaration. */
function describe(operation: RecordRoute, about: RecordAbout): MethodDecorator {
  const { one, many } = about;
  const article = /^[aeiou]/i.test(one) ? 'an' : 'a';
  const texts: Record<RecordRoute, [string, string]> = {
    list: [`List ${many}`, `One page of the organization's ${many}; the query parameters narrow it down and page through it.`],
    create: [`Create ${article} ${one}`, `Creates ${article} ${one} in the caller's organization and answers it as stored.`],
    get: [`Get ${article} ${one}`, `One ${one}, by its uuid (or its human key, where it has one).`],
    update: [`Update ${article} ${one}`, `Changes the fields the body names and keeps the others; \`null\` clears a field that may be empty. Answers the ${one} as stored.`],
    archive: [
      `Archive ${article} ${one}`,
      `Archives the ${one}: it stays readable by id, leaves its list unless \`archived=include\` or \`archived=only\`, and can't be changed (409) until it is unarchived. Archiving an archived ${one} answers it unchanged.`,
    ],
    unarchive: [`Unarchive ${article} ${one}`, `Brings an archived ${one} back into its list and makes it changeable again; unarchiving a live ${one} answers it unchanged.`],
    remove: [`Delete ${article} ${one}`, `Deletes the ${one}; the answer is empty.`],
    delete: [
      `Delete ${article} ${one}`,
      `Moves the ${one} to the trash: from then on it answers 404 and is left out of every list, search and MCP tool, until it is restored (\`POST /trash/{id}/restore\`) before \`restorableUntil\` (\`TRASH_RETENTION_DAYS\` later); then it is purged. Deleting it again is 404.`,
    ],
  };
  const [summary, text] = texts[operation];
  const note = about.notes?.[operation];
  const reads = operation === 'list' || operation === 'get';
  const requires = operation === 'delete' ? Permission.RecordsDelete : reads ? (about.reads ?? Permission.Read) : about.writes;
  const emits = operation === 'delete' ? (['record.deleted'] as EventType[]) : about.emits?.[operation];
  return Doc(summary, note ? `${text} ${note}` : text, { requires: about.requires?.[operation] ?? requires, emits });
}

/**
 * A gateway controller for the usual list / create / get / update / archive / unarchive / remove
 * of a record resource, in the order its subjects are given (their order in the OpenAPI document): each is a
 * route with the same decorators, parameter types and answer as the hand-written method it
 * replaces, so validation, idempotency and the document see no difference. A Nest mixin like
 * `PartialType` and the services' `RecordHandlers`; the work happens once, when the class is
 * defined. Routes beyond these belong in `Base` (extending BusRoutes), which Nest and the
 * document list after them, the way a controller writes its standard routes first.
 *
 * ```ts
 * @ApiController('sprints')
 * export class SprintController extends RecordRoutes(SprintResponse, DeliveryRecords.sprint, { list: ListSprintsQuery, create: CreateSprintDto, update: UpdateSprintDto }) {}
 * ```
 */
export function RecordRoutes<R, S extends RouteSubjects, B extends BusRoutes = BusRoutes>(
  response: Type<R>,
  subjects: S,
  inputs: RouteInputs<S>,
  Base: Type<B> = BusRoutes as Type<B>,
): Type<B> {
  class Routes extends (Base as Type<BusRoutes>) {}
  const prototype = Routes.prototype;
  const dtos = inputs as Partial<Record<RecordRoute, Type<object>>>;
  for (const [operation, entry] of Object.entries(subjects) as [RecordRoute, RouteSubject | readonly [RouteSubject]][]) {
    const subject = typeof entry === 'string' ? entry : entry[0];
    const answer = (operation === 'create' && inputs.created) || (operation === 'delete' && DeletedRecordResponse) || response;
    const { route, input, envelope } = OPERATIONS[operation];
    const kind = operation === 'delete' && typeof entry !== 'string' ? (entry as readonly unknown[])[1] : undefined;
    const withKind: Envelope = kind === undefined ? (envelope as Envelope) : (auth, first, second) => ({ ...(envelope as Envelope)(auth, first, second), type: kind });
    const handler = forward(subject, withKind, operation === 'remove');
    // Swagger and Nest's parameter metadata look a route up by its function's name.
    Object.defineProperty(handler, 'name', { value: operation });
    Object.defineProperty(prototype, operation, { value: handler, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(prototype, operation)!;
    const parameters: Parameter[] = [[Auth(), Object], ...input(dtos[operation])];
    // What the compiler records for `(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: Dto)`:
    // the validation pipe and the document read the classes from here.
    Reflect.defineMetadata('design:paramtypes', parameters.map(([, type]) => type), prototype, operation);
    // In the order the compiler applies decorators (parameters last to first, then the method's
    // bottom-up): the document lists parameters and responses in the order their metadata was written.
    for (let index = parameters.length - 1; index >= 0; index--) parameters[index][0](prototype, operation, index);
    const documented = [...(operation === 'list' ? [Paginated(answer), route()] : [route(), operation === 'remove' ? ReturnsNothing() : Returns(answer)]), describe(operation, inputs.about)];
    for (const decorate of documented) (decorate as MethodDecorator)(prototype, operation, descriptor);
  }
  return Routes as Type<B>;
}
