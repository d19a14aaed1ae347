/**
 * Records in the trash (soft-deleted: `deleted_at` set) are left out of every read and write of
 * their context. This file is the one place that says how: Prisma calls get the condition added by
 * a client extension, hand-written SQL names `liveRow(alias)`. A call that means deleted rows (the
 * trash, restore, the purge) names `deletedAt` in its `where` itself, and is left as it is.
 */

/** The SQL condition of a live row, for a table alias or none: `w.deleted_at IS NULL`. */
export function liveRow(alias?: string): string {
  return alias ? `${alias}.deleted_at IS NULL` : 'deleted_at IS NULL';
}

/** Prisma operations whose `where` selects rows; creates and upserts name no row to leave out. */
export const ROW_SELECTING_OPERATIONS: ReadonlySet<string> = new Set([
  'findFirst',
  'findFirstOrThrow',
  'findUnique',
  'findUniqueOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'delete',
  'deleteMany',
]);

/** The arguments of a Prisma call with live rows only, unless its `where` names `deletedAt` itself. */
export function withLiveWhere(operation: string, args: unknown): unknown {
  if (!ROW_SELECTING_OPERATIONS.has(operation)) return args;
  const call = (args ?? {}) as { where?: Record<string, unknown> };
  if (call.where && 'deletedAt' in call.where) return args;
  return { ...call, where: { ...call.where, deletedAt: null } };
}

interface QueryExtensionArgs {
  model?: string;
  operation: string;
  args: unknown;
  query: (args: unknown) => Promise<unknown>;
}

/** The part of a generated Prisma client this needs (`$extends` with a query extension). */
interface Extensible {
  $extends(extension: { query: { $allModels: { $allOperations: (call: QueryExtensionArgs) => Promise<unknown> } } }): unknown;
}

/**
 * The client with trashed rows of `models` (Prisma model names, those with `deletedAt`) left out of
 * every call, transactions included. Typed as the client given: the extension adds no methods.
 */
export function withLiveRows<C>(client: C, models: readonly string[]): C {
  const soft = new Set(models);
  return (client as Extensible).$extends({
    query: {
      $allModels: {
        $allOperations: ({ model, operation, args, query }) => query(model && soft.has(model) ? withLiveWhere(operation, args) : args),
      },
    },
  }) as C;
}
