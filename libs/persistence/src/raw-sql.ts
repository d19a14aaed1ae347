import { createHash } from 'node:crypto';
import type { SqlExecutor } from './database';
import type { RawSqlClient } from './key-sequence';

/** Distinct statement texts named per process; later ones run unnamed (see statementName). */
export const MAX_NAMED_STATEMENTS = 2000;
const names = new Map<string, string>();

/**
 * A statement that searches text: its best plan depends on the text (a rare word wants a bitmap of
 * its matches, a common one a walk of the newest rows) and on the organization's size, which a
 * generic plan cannot see: named, PostgreSQL switched it to a generic plan after five calls and
 * walked a 1,000,000-item organization for a key in 2.6 s (docs/benchmarks.md, "Search engine").
 */
const SEARCHES_TEXT = /\bto_tsquery\(|\bILIKE\b/i;

/**
 * A prepared statement's name for a SQL text, the same in every process: PostgreSQL then parses and
 * analyses a statement whose text is built at run time (a column list, a list's filters) once per
 * connection, not on every call. Prisma's pg adapter is given the
 * same names (postgres.database.ts). Only the first MAX_NAMED_STATEMENTS texts are named; later ones
 * run unnamed (undefined), so that a client cycling through filter combinations cannot fill every
 * connection with prepared plans. A statement that searches text (SEARCHES_TEXT) is never named: it is
 * planned for its own text each time. (A named statement may keep a generic plan: the right
 * trade for keyed reads and writes, whose plans do not depend on the tenant's size.)
 */
export function statementName(sql: string): string | undefined {
  if (SEARCHES_TEXT.test(sql)) return undefined;
  return nameOf(sql, names, MAX_NAMED_STATEMENTS);
}

/** Distinct search statements named for generic plans per process (see genericStatementName). */
export const MAX_GENERIC_STATEMENTS = 100;
const genericNames = new Map<string, string>();

/**
 * A name for a search statement built so that no step depends on its values (text-search.ts,
 * newestWalkCtes), for Database's `genericPlanSql` only: planned once per connection instead of on
 * every call. Its own bound, lower than statementName's: a search's plan is large, and its text
 * varies with the kinds a client asks for; past the bound it runs unnamed (planned each time).
 */
export function genericStatementName(sql: string): string | undefined {
  return nameOf(sql, genericNames, MAX_GENERIC_STATEMENTS);
}

function nameOf(sql: string, named: Map<string, string>, bound: number): string | undefined {
  let name = named.get(sql);
  if (name === undefined && named.size < bound) {
    name = 'p_' + createHash('sha1').update(sql).digest('hex').slice(0, 20);
    named.set(sql, name);
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
