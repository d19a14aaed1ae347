import { Inject, Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { AuthContext } from '@pds/contracts';

/** The operations of a record resource: which parts of the envelope the service method takes. */
const ARGUMENTS = {
  create: ({ auth, body }) => [auth, body],
  list: ({ auth, query }) => [auth, query],
  get: ({ auth, id }) => [auth, id],
  update: ({ auth, id, body }) => [auth, id, body],
  archive: ({ auth, id }) => [auth, id],
  unarchive: ({ auth, id }) => [auth, id],
} satisfies Record<string, (request: Envelope) => unknown[]>;

export type RecordOperation = keyof typeof ARGUMENTS;

interface Envelope {
  auth: AuthContext;
  id?: string;
  body?: unknown;
  query?: unknown;
}

/**
 * `[subject, request class]`, or with the service method's name when it is not the operation's
 * (a service that owns several record kinds: `createAnnualGoal`).
 */
export type RecordBinding<Service> = readonly [subject: string, request: Type<object>, method?: keyof Service & string];

/**
 * A message controller for the usual create / list / get / update of a record resource: each
 * operation given is a `@MessagePattern(subject)` method whose `@Payload()` is validated against its
 * request class (by the MessageController's pipe) and forwarded to the service method of the same
 * name — `create(auth, body)`, `list(auth, query)`, `get(auth, id)`, `update(auth, id, body)`,
 * `archive(auth, id)`, `unarchive(auth, id)`.
 * A Nest mixin, like `PartialType`: the handler class extends it and adds its other patterns.
 * The bindings are usually a record resource of the contracts, which the gateway's routes call.
 *
 * ```ts
 * @MessageController()
 * export class SolutionHandler extends RecordHandlers(SolutionService, StrategyRecords.solution) {}
 * ```
 */
export function RecordHandlers<Service extends object>(
  service: Type<Service>,
  bindings: Partial<Record<RecordOperation, RecordBinding<Service>>>,
): Type<{ readonly service: Service }> {
  class Handlers {
    constructor(@Inject(service) readonly service: Service) {}
  }
  for (const [operation, binding] of Object.entries(bindings) as [RecordOperation, RecordBinding<Service>][]) {
    const [subject, request, methodName = operation] = binding;
    if (typeof (service.prototype as Record<string, unknown>)[methodName] !== 'function') {
      throw new Error(`${service.name} has no method ${methodName} for ${subject}`);
    }
    const argumentsOf = ARGUMENTS[operation];
    const handle = function (this: Handlers, envelope: Envelope): unknown {
      return (this.service as Record<string, (...args: unknown[]) => unknown>)[methodName](...argumentsOf(envelope));
    };
    Object.defineProperty(Handlers.prototype, operation, { value: handle, writable: true, configurable: true });
    // What `@Payload() envelope: Request` would have emitted: the pipe validates against this class.
    Reflect.defineMetadata('design:paramtypes', [request], Handlers.prototype, operation);
    Payload()(Handlers.prototype, operation, 0);
    MessagePattern(subject)(Handlers.prototype, operation, Object.getOwnPropertyDescriptor(Handlers.prototype, operation)!);
  }
  return Handlers;
}
