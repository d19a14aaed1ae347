/*
 * Decides, from a plan in EXPLAIN's JSON format (as auto_explain logs it), whether a statement
 * reads a table that grows with usage as a whole: the query-plans test fails on each finding.
 */

/** One node of an EXPLAIN (FORMAT JSON) plan: only the fields the walker reads. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Schema?: string;
  Alias?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  'Plan Rows'?: number;
  'Sort Key'?: string[];
  Plans?: PlanNode[];
}

/** What auto_explain logs with log_format=json. */
export interface ExplainedStatement {
  'Query Text': string;
  Plan: PlanNode;
}

/** What the walker needs to know of an index: its table, leading column, and whether it is partial. */
export interface IndexInfo {
  table: string;
  /** Null for an expression as first key. */
  leading: string | null;
  partial: boolean;
}

/** Indexes of the services' schemas by name (read from pg_index when the run ends). */
export type IndexCatalog = Readonly<Record<string, IndexInfo>>;

export interface Finding {
  table: string;
  node: string;
  detail: string;
}

/**
 * Tables that stay small whatever the usage, where a sequential scan is the right plan. Every other
 * table of the services' schemas grows with usage (organizations' records, logs, outboxes).
 */
export const SMALL_TABLES: Readonly<Record<string, string>> = {
  organizations: 'one row per customer organization: thousands at most, read by id or slug (unique indexes) or listed whole by the operator',
  key_sequences: 'one row per organization and key scope (WI, INT, OKR, OPP, EXP), read by its primary key',
  settings: 'a handful of named service settings (webhooks, repos), read whole',
  _prisma_migrations: "the migration runner's own bookkeeping, one row per migration",
};

/**
 * A Sort over more rows than this (the planner's estimate) on a growing table is reported: a list
 * page that sorts a whole organization's records is a scan in disguise (the sort indexes exist to
 * avoid it). The large organization of the test has tens of thousands of records per table.
 */
export const SORT_ROWS_LIMIT = 10_000;

const APP_SCHEMAS = new Set(['delivery', 'identity', 'repos', 'strategy', 'webhooks']);

/** Relations outside the services' schemas (catalogs, CTEs, functions) are not the services' tables. */
function growingTable(node: PlanNode): string | undefined {
  const table = node['Relation Name'];
  if (!table || table in SMALL_TABLES) return undefined;
  if (node.Schema && !APP_SCHEMAS.has(node.Schema)) return undefined;
  return node.Schema ? `${node.Schema}.${table}` : table;
}

function hasIndexCondition(node: PlanNode): boolean {
  if (node['Index Cond']) return true;
  return (node.Plans ?? []).some(hasIndexCondition);
}

/** The growing table a subtree reads, for naming the table a Sort sorts. */
function tableUnder(node: PlanNode): string | undefined {
  const own = growingTable(node);
  if (own) return own;
  for (const child of node.Plans ?? []) {
    const found = tableUnder(child);
    if (found) return found;
  }
  return undefined;
}

const INDEX_SCANS = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);

/**
 * An index scan that reads an index whole: no condition on a full (not partial) index, or a
 * condition that does not name the index's leading column (a btree then scans every entry). A
 * partial index is bounded by its predicate (the trash indexes hold only trashed rows, which the
 * purge reads across organizations), so only full indexes are held to the leading column.
 */
function wholeIndexRead(node: PlanNode, indexes: IndexCatalog, underLimit: boolean): Finding | undefined {
  const name = node['Index Name'];
  const index = name ? indexes[name] : undefined;
  if (!name || !index || index.table in SMALL_TABLES) return undefined;
  const condition = node['Index Cond'];
  if (!condition) {
    // A partial index holds only what its predicate selects; under a Limit the scan stops after a page.
    if (index.partial || underLimit || node['Node Type'] === 'Bitmap Index Scan') return undefined;
    return { table: index.table, node: node['Node Type'], detail: `${node['Node Type']} using ${name} on ${index.table} without an index condition (the whole index)` };
  }
  if (index.leading && !index.partial && !new RegExp(`\\b${index.leading}\\b`).test(condition)) {
    return { table: index.table, node: node['Node Type'], detail: `${node['Node Type']} using ${name} on ${index.table} without its leading column ${index.leading}: ${condition}` };
  }
  return undefined;
}

export function findWholeTableReads(plan: PlanNode, indexes: IndexCatalog = {}): Finding[] {
  const findings: Finding[] = [];
  const visit = (node: PlanNode, underLimit: boolean) => {
    const type = node['Node Type'];
    const table = growingTable(node);
    if (type === 'Seq Scan' && table) {
      findings.push({ table, node: type, detail: `Seq Scan on ${table} (estimated ${node['Plan Rows'] ?? '?'} rows)` });
    } else if (type === 'Bitmap Heap Scan' && table && !hasIndexCondition(node)) {
      findings.push({ table, node: type, detail: `Bitmap Heap Scan on ${table} without an index condition` });
    } else if (type === 'Sort') {
      const input = node.Plans?.[0];
      const rows = input?.['Plan Rows'] ?? 0;
      const sorted = input && tableUnder(input);
      if (sorted && rows > SORT_ROWS_LIMIT) {
        findings.push({ table: sorted, node: type, detail: `Sort of ~${rows} rows of ${sorted} by ${(node['Sort Key'] ?? []).join(', ')}` });
      }
    } else if (INDEX_SCANS.has(type)) {
      const finding = wholeIndexRead(node, indexes, underLimit);
      if (finding) findings.push(finding);
    }
    for (const child of node.Plans ?? []) visit(child, underLimit || type === 'Limit');
  };
  visit(plan, false);
  return findings;
}

/** Every index a plan names (`Index Name` of any node), for the unused-index report. */
export function indexNamesOf(plan: PlanNode): string[] {
  const names: string[] = [];
  const visit = (node: PlanNode) => {
    if (node['Index Name']) names.push(node['Index Name']);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return names;
}

/** One index of the services' schemas, for the unused-index report. */
export interface ServiceIndex {
  schema: string;
  name: string;
  /** A primary key, unique or constraint index: it enforces something, whether or not a plan reads it. */
  enforces: boolean;
}

/**
 * The services' indexes no judged plan named, as `schema.index`: primary keys, unique and
 * constraint indexes are left out (they enforce, read or not). A name shared by several schemas
 * (the outboxes') counts as used when any plan names it: plans do not say the index's schema.
 */
export function unusedIndexes(indexes: readonly ServiceIndex[], named: ReadonlySet<string>): string[] {
  return indexes
    .filter((index) => !index.enforces && !named.has(index.name))
    .map((index) => `${index.schema}.${index.name}`)
    .sort();
}

/** Statement texts differ only by whitespace between call sites of one query: one key per statement. */
export function statementKey(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The plan logged in one auto_explain message ("duration: 0.05 ms  plan:\n{...}"), if it is one. */
export function parseAutoExplainMessage(message: string): ExplainedStatement | undefined {
  const start = message.indexOf('plan:');
  if (!message.startsWith('duration:') || start < 0) return undefined;
  const parsed = JSON.parse(message.slice(start + 'plan:'.length)) as ExplainedStatement;
  return parsed.Plan ? parsed : undefined;
}

/** One line of the cluster's jsonlog: the fields the run reads. */
export interface LogEntry {
  timestamp?: string;
  dbname?: string;
  application_name?: string;
  message?: string;
}

/** The plans that are judged: those of the seeded database, from the end of its seed on. */
export interface JudgedWindow {
  database: string;
  /** The cluster's own clock in jsonlog's timestamp format (log_timezone), read after the seed's ANALYZE. */
  since: string;
}

/**
 * Whether a logged plan is judged. Before the seed's ANALYZE the tables are empty and never analysed:
 * the planner assumes ten pages and scans them whatever indexes exist (the background jobs' first
 * runs, a few seconds after start, and the trash spec's isolated stack of a few rows did so). In
 * production those statements are planned over analysed tables, so such plans say nothing either
 * way. The timestamps share `since`'s format and zone, so text order is time order.
 */
export function isJudged(entry: LogEntry, window: JudgedWindow): boolean {
  return entry.dbname === window.database && (entry.timestamp ?? '') >= window.since;
}
