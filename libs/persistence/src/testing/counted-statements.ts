import type { Database, SqlExecutor } from '../database';

/** Statements run through each executor of a Database since the last reset (countedStatements). */
export interface StatementCounts {
  /** On `genericPlanSql`: planned once per connection. */
  generic: number;
  /** On `sql`: planned for their values (a search's, unnamed). */
  planned: number;
}

/**
 * The Database as a repository sees it, counting the statements it runs on each executor: a spec
 * of a search tells by them which statements a text needed.
 */
export function countedStatements(db: Database): { db: Database; calls: StatementCounts; reset(): void } {
  const calls: StatementCounts = { generic: 0, planned: 0 };
  const counted = (executor: SqlExecutor, kind: keyof StatementCounts): SqlExecutor => ({
    query: (text, params, name) => {
      calls[kind] += 1;
      return executor.query(text, params, name);
    },
  });
  return {
    db: { ...db, sql: counted(db.sql, 'planned'), genericPlanSql: counted(db.genericPlanSql, 'generic') },
    calls,
    reset: () => {
      calls.generic = calls.planned = 0;
    },
  };
}
