import { createHash } from 'node:crypto';
import type { SqlExecutor } from './database';
import type { RawSqlClient } from './key-sequence';

/** Distinct statement texts named per process; later ones run unnamed (see statementName). */
export const MAX_NAMED_STATEMENTS = 2000;
const names = new Map<string, string>();

/**
 * A statement that searches text: its best plan depends on the text (a rare word wants a bitmap of
 * its matches, a common one a walk of the newest rows), which a generic plan cannot see: with
 * the organization and the text as parameters PostgreSQL prices any word at 0.5 % of an average
 * organization, and a named search statement went generic after five calls and walked a
 * 1,000,000-item organization for a key in 2.6 s (docs/benchmarks.md, "Search engine").
 */
const SEARCHES_TEXT = /\bto_tsquery\(|\bILIKE\b/i;

/**
 * A prepared statement's name for a SQL text, the same in every process: PostgreSQL then parses and
 * plans a statement whose text is built at run time (a column list, a list's filters) once per
 * connection, not on every call, and may keep a generic plan for it. Prisma's pg adapter is given the
 * same names (postgres.database.ts). Only the first MAX_NAMED_STATEMENTS texts are named; later ones
 * run unnamed (undefined), so that a client cycling through filter combinations cannot fill every
 * connection with prepared plans. A statement that searches text (SEARCHES_TEXT) is never named: it is
 * planned for its own text each time.
 */
export function statementName(sql: string): string | undefined {
  if (SEARCHES_TEXT.test(sql)) return undefined;
  let name = names.get(sql);
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
    name = 'p_' + createHash('sha1').update(sql).digest('hex').slice(0, 20);
    names.set(sql, name);
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
