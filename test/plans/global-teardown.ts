import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { DISTRIBUTED_APPS } from '../../tools/stack';
import e2eGlobalTeardown from '../e2e/support/global-teardown';
import {
  Finding,
  IndexCatalog,
  JudgedWindow,
  LogEntry,
  ServiceIndex,
  findWholeTableReads,
  indexNamesOf,
  isJudged,
  parseAutoExplainMessage,
  statementKey,
  unusedIndexes,
} from './plan-walker';
import { plansDir } from './plans-stack';

interface Offence {
  statement: string;
  apps: string[];
  findings: Finding[];
  calls: number;
}

const SERVICE_NAMES = new Set<string>(DISTRIBUTED_APPS.map((app) => app.name));

/**
 * Every plan the services' connections logged (jsonlog lines of auto_explain) in the judged window,
 * by statement; and the statements only planned outside it (over empty tables), which nothing judged.
 */
function collectPlans(
  logDir: string,
  indexes: IndexCatalog,
  window: JudgedWindow,
): { statements: number; plans: number; offences: Offence[]; unjudged: string[]; named: Set<string> } {
  const byStatement = new Map<string, Offence>();
  const outside = new Set<string>();
  const named = new Set<string>();
  let plans = 0;
  for (const file of readdirSync(logDir).filter((name) => name.endsWith('.json'))) {
    for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      if (!line.includes('"duration: ')) continue;
      const entry = JSON.parse(line) as LogEntry;
      if (!entry.application_name || !SERVICE_NAMES.has(entry.application_name) || !entry.message) continue;
      const explained = parseAutoExplainMessage(entry.message);
      if (!explained) continue;
      const key = statementKey(explained['Query Text']);
      if (!isJudged(entry, window)) {
        outside.add(key);
        continue;
      }
      plans++;
      for (const name of indexNamesOf(explained.Plan)) named.add(name);
      let seen = byStatement.get(key);
      if (!seen) byStatement.set(key, (seen = { statement: key, apps: [], findings: [], calls: 0 }));
      seen.calls++;
      if (!seen.apps.includes(entry.application_name)) seen.apps.push(entry.application_name);
      for (const finding of findWholeTableReads(explained.Plan, indexes)) {
        if (!seen.findings.some((f) => f.detail === finding.detail)) seen.findings.push(finding);
      }
    }
  }
  return {
    statements: byStatement.size,
    plans,
    offences: [...byStatement.values()].filter((s) => s.findings.length > 0),
    unjudged: [...outside].filter((key) => !byStatement.has(key)),
    named,
  };
}

interface TopStatement {
  query: string;
  calls: string;
  total_ms: string;
  mean_ms: string;
  rows: string;
}

/** The services' indexes, their leading column and whether they are partial (pg_index). */
async function indexCatalog(db: Client): Promise<IndexCatalog> {
  const result = await db.query<{ name: string; table: string; leading: string | null; partial: boolean }>(
    `SELECT i.relname AS name, t.relname AS table, a.attname AS leading, x.indpred IS NOT NULL AS partial
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = x.indkey[0] AND x.indkey[0] <> 0
      WHERE n.nspname IN ('delivery', 'identity', 'repos', 'strategy', 'webhooks')`,
  );
  return Object.fromEntries(result.rows.map(({ name, ...info }) => [name, info]));
}

/** Every index of the services' schemas, and whether it enforces (primary key, unique, constraint). */
async function serviceIndexes(db: Client): Promise<ServiceIndex[]> {
  const result = await db.query<ServiceIndex>(
    `SELECT n.nspname AS schema, i.relname AS name,
            (x.indisprimary OR x.indisunique OR EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)) AS enforces
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
      WHERE n.nspname IN ('delivery', 'identity', 'repos', 'strategy', 'webhooks')`,
  );
  return result.rows;
}

interface DatabaseFacts {
  indexes: IndexCatalog;
  all: ServiceIndex[];
  top: TopStatement[];
}

/** Read before the e2e teardown drops the database: the catalog and pg_stat_statements' top statements. */
async function readDatabase(databaseUrl: string): Promise<DatabaseFacts> {
  const db = new Client({ connectionString: databaseUrl, application_name: 'plans-report' });
  await db.connect();
  try {
    const indexes = await indexCatalog(db);
    const all = await serviceIndexes(db);
    const result = await db.query<TopStatement>(
      `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls::text, round(total_exec_time::numeric, 1)::text AS total_ms,
              round(mean_exec_time::numeric, 3)::text AS mean_ms, rows::text
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY total_exec_time DESC LIMIT 10`,
    );
    return { indexes, all, top: result.rows };
  } finally {
    await db.end();
  }
}

const describe = (offence: Offence) =>
  `  [${offence.apps.join(', ')}] ×${offence.calls}\n    ${offence.statement.slice(0, 600)}\n${offence.findings.map((f) => `    -> ${f.detail} (table ${f.table}, node ${f.node})`).join('\n')}`;

/**
 * After the e2e teardown (apps stopped, audit check): the plans of every statement the services
 * ran, and the failure when one reads a growing table whole.
 */
export default async function globalTeardown(): Promise<void> {
  const plansPostgres = globalThis.__PLANS_POSTGRES__;
  let database: DatabaseFacts = { indexes: {}, all: [], top: [] };
  let stackError: unknown;
  try {
    if (plansPostgres) database = await readDatabase(plansPostgres.databaseUrl);
  } finally {
    try {
      await e2eGlobalTeardown();
    } catch (error) {
      stackError = error;
    }
  }
  if (!plansPostgres) throw stackError ?? new Error('the query-plans setup did not run');
  const { postgres, startedAt, judged } = plansPostgres;
  try {
    if (!judged) throw stackError ?? new Error('query plans: the seed did not finish, no plan can be judged');
    const { statements, plans, offences, unjudged, named } = collectPlans(path.join(postgres.dir, 'data', 'log'), database.indexes, judged);
    const failing = offences;
    // Reported, never failed on: whether an index no plan of this run read can go is decided with
    // the scale bench's list beside this one (docs/decisions.md, "Query plans").
    const unused = unusedIndexes(database.all, named);
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
    const report = { seconds, statements, plans, failing, unjudged, unusedIndexes: unused, top: database.top };
    writeFileSync(path.join(plansDir, 'report.json'), JSON.stringify(report, null, 2));
    process.stdout.write(
      `\nquery plans: ${plans} plans of ${statements} distinct statements in ${seconds} s; ${failing.length} read a growing table whole; ${unjudged.length} only planned before the seed, not judged; ` +
        `${unused.length} of ${database.all.filter((index) => !index.enforces).length} non-enforcing indexes named by no judged plan ` +
        `(report: ${path.join(plansDir, 'report.json')})\n`,
    );
    if (stackError) throw stackError;
    if (plans === 0) throw new Error('query plans: auto_explain logged no plan of the services: the test saw nothing');
    if (failing.length) throw new Error(`query plans: ${failing.length} statement(s) read a table that grows with usage whole:\n${failing.map(describe).join('\n')}`);
  } finally {
    // PLANS_KEEP_LOG=1 keeps auto_explain's log (.e2e/plans/log), to read a statement's plans after the run.
    if (process.env.PLANS_KEEP_LOG === '1') {
      rmSync(path.join(plansDir, 'log'), { recursive: true, force: true });
      cpSync(path.join(postgres.dir, 'data', 'log'), path.join(plansDir, 'log'), { recursive: true });
    }
    await postgres.remove();
  }
}
