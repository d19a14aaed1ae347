import { LARGE_TABLE_ROWS } from './text-search';

/** A table of organizations' rows, by the column its (organization_id, column) index orders. */
export interface OrganizationTable {
  /** How the caller names it (`work_items`, `insight`). */
  name: string;
  /** Qualified (`delivery.work_items`). */
  table: string;
  /** A column indexed after organization_id (`number`, `created_at`): the probe walks that index only. */
  indexed: string;
}

/** How long an organization's answer is kept: a table grows past LARGE_TABLE_ROWS over weeks, not minutes. */
export const LARGE_TABLES_TTL_MS = 10 * 60_000;

/** Organizations kept at most; the oldest answer goes first. */
export const LARGE_TABLES_KEPT = 10_000;

/**
 * One statement naming which of the tables hold more than LARGE_TABLE_ROWS of the organization's
 * rows ($1), as `large text[]`: a walk of its index past that many entries per table, stopped there.
 */
export function largeTablesSql(tables: readonly OrganizationTable[]): string {
  const probes = tables.map(
    ({ name, table, indexed }) =>
      `CASE WHEN (SELECT 1 FROM ${table} e WHERE e.organization_id = $1::uuid ORDER BY e.${indexed} DESC OFFSET ${LARGE_TABLE_ROWS} LIMIT 1) IS NOT NULL THEN '${name}' END`,
  );
  return `SELECT array_remove(ARRAY[${probes.join(', ')}]::text[], NULL) AS large`;
}

/**
 * Which of an organization's tables are large (largeTablesSql), asked once per LARGE_TABLES_TTL_MS
 * and shared by the requests that ask meanwhile. A cost hint for the search (newestMatchesSql's
 * `common`), not a fact any answer rests on: walking 10,000 index entries in every search cost more
 * than the test it guarded (3–5 ms of a 15 ms statement at 1,000,000 items), and an answer a few
 * minutes old only delays when a growing organization's sentences start to skip their older rows.
 */
export class LargeTables {
  private readonly answers = new Map<string, { until: number; large: Promise<ReadonlySet<string>> }>();

  constructor(
    private readonly ask: (organizationId: string) => Promise<readonly string[]>,
    private readonly now: () => number = Date.now,
  ) {}

  of(organizationId: string): Promise<ReadonlySet<string>> {
    const kept = this.answers.get(organizationId);
    if (kept && kept.until > this.now()) return kept.large;
    if (kept) this.answers.delete(organizationId);
    const large = this.ask(organizationId).then((names) => new Set(names));
    // A failed probe is asked again by the next search, not kept.
    large.catch(() => this.answers.get(organizationId)?.large === large && this.answers.delete(organizationId));
    this.answers.set(organizationId, { until: this.now() + LARGE_TABLES_TTL_MS, large });
    if (this.answers.size > LARGE_TABLES_KEPT) this.answers.delete(this.answers.keys().next().value as string);
    return large;
  }
}
