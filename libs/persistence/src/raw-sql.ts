import { createHash } from 'node:crypto';
import type { SqlExecutor } from './database';
import type { RawSqlClient } from './key-sequence';

const names = new Map<string, string>();

/**
 * A prepared statement's name for a SQL text, the same in every process: PostgreSQL then parses and
 * plans a statement whose text is built at run time (a column list) once per connection, not on
 * every call. Prisma's pg adapter is given the same names (postgres.database.ts).
 */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = 'p_' + createHash('sha1').update(sql).digest('hex').slice(0, 20);
    if (names.size < 10_000) names.set(sql, name);
  }
  return name;
}

/**
 * A Prisma (transaction) client seen as a SqlExecutor, so that a repository's hand-written statement
 * runs in a Prisma interactive transaction and in a Database transaction alike. Prisma names the
 * statement itself.
 */
export function sqlOverPrisma(client: RawSqlClient): SqlExecutor {
  return { query: <T>(text: string, params: readonly unknown[] = []) => client.$queryRawUnsafe<T[]>(text, ...params) };
}
