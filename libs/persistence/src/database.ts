import type { Provider } from '@nestjs/common';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { withLiveRows } from './live-rows';

/** Raw SQL, for the few hot reads and infrastructure (outbox, migrations) that Prisma serves poorly. */
export interface SqlExecutor {
  /**
   * Runs one parameterised statement. A `name` makes it a prepared statement that the connection
   * keeps, which saves PostgreSQL the parse and plan on every call of a hot query.
   */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[], name?: string): Promise<T[]>;
}

export interface SqlTransaction extends SqlExecutor {
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

/** One database connection set, shared by the Prisma clients of every context in the process. */
export interface Database {
  readonly kind: 'postgres' | 'pglite';
  /** Driver adapter factory for `new PrismaClient({ adapter })`. */
  readonly adapter: SqlMigrationAwareDriverAdapterFactory;
  readonly sql: SqlExecutor;
  /**
   * Runs a named statement with one plan for any parameters, made on its first call on a connection
   * (PostgreSQL: connections of their own with `plan_cache_mode = force_generic_plan`; PGlite: `sql`,
   * where PostgreSQL's own choice stands). Only for a statement whose every step is bounded whatever
   * its values, and whose planning is most of its cost: the searches' newest-first walks
   * (text-search.ts, newestWalkSql), planned for 2–4 ms to run for a few (docs/decisions.md, "Search").
   * Name it with genericStatementName.
   */
  readonly genericPlanSql: SqlExecutor;
  transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  /** Serialises a critical section across every process that uses this database. */
  withLock<T>(lockId: number, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connections of the pools right now, `genericPlanSql`'s included (PostgreSQL only; PGlite has one connection and no pool). */
  poolStats?(): { inUse: number; idle: number; waiting: number };
}

/** Nest injection token for the process's Database. */
export const DATABASE = Symbol('DATABASE');

/**
 * The Nest provider of one context's generated Prisma client (`prismaClientProvider(PrismaClient)`),
 * built on the process's Database so every context shares its connections. `softDeleted` names the
 * models whose trashed rows every call leaves out (see withLiveRows).
 */
export function prismaClientProvider<C>(
  client: new (options: { adapter: SqlMigrationAwareDriverAdapterFactory }) => C,
  softDeleted: readonly string[] = [],
): Provider {
  return {
    provide: client,
    useFactory: (db: Database) => {
      const prisma = new client({ adapter: db.adapter });
      return softDeleted.length ? withLiveRows(prisma, softDeleted) : prisma;
    },
    inject: [DATABASE],
  };
}
