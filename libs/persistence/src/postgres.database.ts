import { PrismaPg } from '@prisma/adapter-pg';
import { Pool, PoolClient } from 'pg';
import type { Database, SqlExecutor, SqlTransaction } from './database';
import { statementName } from './raw-sql';

export interface PostgresOptions {
  url: string;
  poolSize: number;
  applicationName: string;
  /**
   * How long a connection may stay idle before the pool closes it; 0 keeps every connection it
   * opened (a fixed pool, as a service wants). Unset: pg's 10 s, for short-lived tools.
   */
  idleTimeoutMs?: number;
}

function executor(client: Pool | PoolClient): SqlExecutor {
  return {
    async query<T>(text: string, params: readonly unknown[] = [], name?: string): Promise<T[]> {
      const result = await client.query({ text, values: params as unknown[], name });
      return result.rows as T[];
    },
  };
}

/**
 * Connections kept for statements with one generic plan (Database's `genericPlanSql`): the searches'
 * walks, at most one per search per statement group, so a few connections serve the process.
 */
export const GENERIC_PLAN_POOL_SIZE = 4;

export function connectPostgres(options: PostgresOptions): Database {
  const newPool = (max: number, settings: string) => {
    const created = new Pool({
      connectionString: options.url,
      max,
      application_name: options.applicationName,
      options: settings,
      ...(options.idleTimeoutMs === undefined ? {} : { idleTimeoutMillis: options.idleTimeoutMs }),
    });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    created.on('error', () => undefined);
    return created;
  };
  // No JIT: it compiles any statement whose estimated cost passes jit_above_cost, and the search's
  // branches that never run (newestMatchesSql) put it there: 17–60 ms of compiling for a read of
  // a few milliseconds (docs/benchmarks.md, "Search engine"). The service runs short statements.
  const pool = newPool(options.poolSize, '-c jit=off');
  // A session setting, not a statement's: PostgreSQL 15 has no per-statement choice of a generic plan,
  // and its own choice (after five calls, by estimated cost) keeps planning a walk whose generic
  // estimate reads all its rows. Opened on first use: most processes never search.
  let genericPool: Pool | undefined;
  const generic = () => (genericPool ??= newPool(Math.min(GENERIC_PLAN_POOL_SIZE, options.poolSize), '-c jit=off -c plan_cache_mode=force_generic_plan'));
  // Prisma's pg adapter prepares no statement unless it is given names; naming each distinct SQL text
  // lets every pooled connection keep its plan (measured: about 7 % less CPU per Prisma query); '' is
  // PostgreSQL's unnamed statement, for texts beyond the bound.
  const adapter = new PrismaPg(pool, { statementNameGenerator: ({ sql }) => statementName(sql) ?? '' });

  const withClient = async <T>(fn: (client: PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(client);
    } finally {
      client.release();
    }
  };

  return {
    kind: 'postgres',
    adapter,
    sql: executor(pool),
    genericPlanSql: {
      query: (text, params, name) => executor(generic()).query(text, params, name),
    },
    transaction: (fn) =>
      withClient(async (client) => {
        const tx: SqlTransaction = {
          ...executor(client),
          exec: async (script) => {
            await client.query(script);
          },
        };
        await client.query('BEGIN');
        try {
          const result = await fn(tx);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    withLock: (lockId, fn) =>
      withClient(async (client) => {
        await client.query('SELECT pg_advisory_lock($1)', [lockId]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [lockId]).catch(() => undefined);
        }
      }),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: async () => {
      await Promise.all([pool.end(), genericPool?.end()]);
    },
    // Both pools: the connections a process holds are what the connection budget counts.
    poolStats: () => {
      const pools = genericPool ? [pool, genericPool] : [pool];
      const sum = (of: (p: Pool) => number) => pools.reduce((total, p) => total + of(p), 0);
      return { inUse: sum((p) => p.totalCount - p.idleCount), idle: sum((p) => p.idleCount), waiting: sum((p) => p.waitingCount) };
    },
  };
}
