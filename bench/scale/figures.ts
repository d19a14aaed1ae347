/** Queries the benches on the scale cluster share: seeded rows to aim at, and PostgreSQL's own figures. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { repoRoot } from '../../tools/stack';

/** Numbers of `count` live work items (neither archived nor in the trash), spread evenly over an organization's keys. */
export async function liveNumbers(db: Client, organizationId: string, items: number, count: number): Promise<number[]> {
  const { rows } = await db.query<{ number: number }>(
    `SELECT number FROM delivery.work_items WHERE organization_id = $1 AND archived_at IS NULL AND deleted_at IS NULL AND number % $2 = 0 ORDER BY md5(number::text) LIMIT $3`,
    [organizationId, Math.max(1, Math.floor(items / (count * 1.5))), count],
  );
  return rows.map((r) => r.number);
}

export type ListFilter = 'status' | 'assigneeId' | 'labelId' | 'sprintId' | 'parentId';

/** Eleven words in a row of the organization's oldest interview transcript: a sentence pasted from it. */
export async function transcriptSentence(db: Client, organizationId: string): Promise<string> {
  const { rows } = await db.query<{ transcript: string }>('SELECT transcript FROM strategy.interviews WHERE organization_id = $1 ORDER BY created_at, id LIMIT 1', [organizationId]);
  const words = rows[0]?.transcript.match(/\p{L}+/gu) ?? [];
  if (words.length < 51) throw new Error(`the organization ${organizationId} has no interview transcript of 51 words`);
  return words.slice(40, 51).join(' ');
}

/** A value of each filter: a status, the busiest assignee, label and sprint, the first epic (null where the seed has none). */
export async function filtersOf(db: Client, organizationId: string): Promise<Record<ListFilter, string | null>> {
  const one = async (sql: string) => (await db.query<{ v: string | null }>(sql, [organizationId])).rows[0]?.v ?? null;
  return {
    status: 'IN_PROGRESS',
    assigneeId: await one(`SELECT assignee_id::text AS v FROM delivery.work_items WHERE organization_id = $1 AND number = 2`),
    labelId: await one(`SELECT id::text AS v FROM delivery.labels WHERE organization_id = $1 AND name = 'label-3'`),
    sprintId: await one(`SELECT id::text AS v FROM delivery.sprints WHERE organization_id = $1 ORDER BY start_date LIMIT 1 OFFSET 1`),
    parentId: await one(`SELECT id::text AS v FROM delivery.work_items WHERE organization_id = $1 AND number = 1`),
  };
}

export interface TopStatement {
  query: string;
  calls: number;
  mean: number;
  total: number;
  hitRatio: number;
}

/** pg_stat_statements' statements of this database by total time, since its last reset. */
export async function topStatements(db: Client, limit = 12): Promise<TopStatement[]> {
  const { rows } = await db.query<{ query: string; calls: string; mean: number; total: number; hit: string; read: string }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query, calls, mean_exec_time AS mean, total_exec_time AS total,
            shared_blks_hit AS hit, shared_blks_read AS read
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    query: r.query,
    calls: Number(r.calls),
    mean: r.mean,
    total: r.total,
    hitRatio: Number(r.hit) / Math.max(1, Number(r.hit) + Number(r.read)),
  }));
}

/** The statements as a markdown table. */
export function topStatementsTable(top: TopStatement[]): string[] {
  return [
    '| statement | calls | mean ms | total ms | buffer hit |',
    '|---|---|---|---|---|',
    ...top.map((t) => `| \`${t.query.replace(/\|/g, '\\|')}\` | ${t.calls} | ${t.mean.toFixed(2)} | ${Math.round(t.total)} | ${(t.hitRatio * 100).toFixed(1)} % |`),
  ];
}

/** This database's block reads so far (pg_stat_database): the buffer hit ratio of a span is that of the difference. */
export async function blockCounts(db: Client): Promise<{ hit: number; read: number; transactions: number }> {
  const { rows } = await db.query<{ hit: string; read: string; xacts: string }>(
    'SELECT blks_hit AS hit, blks_read AS read, xact_commit + xact_rollback AS xacts FROM pg_stat_database WHERE datname = current_database()',
  );
  return { hit: Number(rows[0].hit), read: Number(rows[0].read), transactions: Number(rows[0].xacts) };
}

/**
 * Waits (at most a minute) until no statement of the apps is still running: a load generator stops
 * sending when its time is up, but a path whose statements take seconds (a title search that
 * scans the table) leaves PostgreSQL busy, and the next measurement would pay for it.
 */
export async function drained(db: Client, harnessApplication: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND application_name <> $1`,
      [harnessApplication],
    );
    if (Number(rows[0].n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The query-plans run's report (`npm run test:plans`, the last step of `npm test`), where it was left. */
const PLANS_REPORT = path.join(repoRoot, '.e2e', 'plans', 'report.json');

/**
 * The indexes the last query-plans run named in no plan (schema.name), and when it ran; null without
 * a report. That run drives every e2e spec, this bench five paths at scale: an index neither read is
 * one no measured query uses, where either list alone counts the other's paths as unused.
 */
export function unreadInQueryPlans(): { names: Set<string>; at: string } | null {
  if (!existsSync(PLANS_REPORT)) return null;
  const report = JSON.parse(readFileSync(PLANS_REPORT, 'utf8')) as { unusedIndexes?: unknown };
  if (!Array.isArray(report.unusedIndexes)) return null;
  return { names: new Set(report.unusedIndexes.map(String)), at: `${statSync(PLANS_REPORT).mtime.toISOString().slice(0, 16)}Z` };
}
