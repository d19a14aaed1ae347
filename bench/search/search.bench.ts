/**
 * `npm run bench:search`: the search engine's statements at scale (docs/benchmarks.md, "Search
 * engine"), one client, in the scratch database bench/search/seed-cli.ts fills (SEARCH_DB). Each
 * statement is the one the repository sends (built by the repository itself against a recording
 * executor), timed by EXPLAIN (ANALYZE, BUFFERS): median and worst of SEARCH_RUNS (20) runs after 3
 * warm-ups, so the numbers are the database's, without the service's I/O.
 */
import { STRATEGY_SEARCH_TYPES, WORK_ITEM_SORT } from '@pds/contracts';
import { Database, normalizeSearch } from '@pds/persistence';
import { Client } from 'pg';
import { IntakeRepository } from '../../apps/delivery-intake/src/intake/intake.repository';
import { WorkItemRepository } from '../../apps/delivery-intake/src/work-items/work-item.repository';
import { StrategySearchRepository } from '../../apps/strategy-discovery/src/search/strategy-search.repository';
import { RARE_WORD, TRANSCRIPT_PHRASE } from '../scale/seed';

const URL = process.env.SEARCH_DB ?? 'postgres://postgres@127.0.0.1:5432/pds_search_scratch';
const RUNS = Number(process.env.SEARCH_RUNS ?? 20);

interface Statement {
  sql: string;
  params: unknown[];
}

/** What the service is asked: the texts of the brief (a common word, a rare one, a key, a title substring, a transcript's words). */
const QUERIES: Record<string, string> = {
  common: 'checkout',
  rare: RARE_WORD,
  key: 'WI-123456',
  substring: 'heckou',
  transcript: TRANSCRIPT_PHRASE,
  prefix: 'pa',
};

/** The scale seed's organization ids (md5 of the group and number, shaped as a version-4 uuid). */
const orgSql = (name: string) => `overlay(overlay(md5('org:${name}') placing '4' from 13) placing '8' from 17)::uuid::text`;

function statements(db: Client, org: string): Record<string, (q: string) => Promise<Statement[]>> {
  // The repository's statements run for real (a list asks whether its text is rare before it reads), and each is kept to be timed.
  const recorded = async (call: (run: (sql: string, params: unknown[]) => Promise<unknown[]>) => Promise<unknown>): Promise<Statement[]> => {
    const ran: Statement[] = [];
    await call(async (sql, params) => {
      ran.push({ sql, params });
      return (await db.query(sql, params)).rows;
    });
    return ran;
  };
  const sql = (run: (sql: string, params: unknown[]) => Promise<unknown[]>) => ({ sql: { query: (text: string, params: unknown[]) => run(text, params) } }) as unknown as Database;
  const prisma = (run: (sql: string, params: unknown[]) => Promise<unknown[]>) => ({ $queryRawUnsafe: (text: string, ...params: unknown[]) => run(text, params) });
  return {
    'work-item search (GET /search, MCP search)': (q) => recorded((run) => new WorkItemRepository(sql(run)).search(org, normalizeSearch(q), 20)),
    'work-item list q (REST q, list order)': (q) => recorded((run) => new WorkItemRepository(sql(run)).list(org, { q } as never, { keys: WORK_ITEM_SORT.keys(undefined) }, 51)),
    'portal list q (newest first)': (q) => recorded((run) => new IntakeRepository(undefined as never, sql(run)).listVisible(org, { q }, { by: 'number', newestFirst: true }, 51)),
    'strategy search (GET /search, MCP search)': (q) =>
      recorded((record) => new StrategySearchRepository(prisma(record) as never).search(org, normalizeSearch(q), STRATEGY_SEARCH_TYPES, 20)),
  };
}

/** One call's statements timed together: per run, the sum of their execution times (a list's rarity probe and its read). */
async function time(db: Client, statements: Statement[]): Promise<{ median: number; worst: number; buffers: number; rows: number }> {
  const times: number[] = [];
  let buffers = 0;
  let rows = 0;
  for (let i = 0; i < RUNS + 3; i++) {
    let total = 0;
    buffers = 0;
    for (const statement of statements) {
      const result = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.sql}`, statement.params);
      const [plan] = result.rows[0]['QUERY PLAN'] as { 'Execution Time': number; Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number; 'Actual Rows': number } }[];
      total += plan['Execution Time'];
      buffers += plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
      rows = plan.Plan['Actual Rows'];
    }
    if (i >= 3) times.push(total);
  }
  if (process.env.SEARCH_EXPLAIN) {
    for (const statement of statements) {
      const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
      process.stdout.write(`${statement.sql}\n${JSON.stringify(statement.params)}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`);
    }
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], worst: times[times.length - 1], buffers, rows };
}

async function main(): Promise<void> {
  // Without JIT, as the service's connections (libs/persistence/src/postgres.database.ts).
  const db = new Client({ connectionString: URL, application_name: 'pds-bench-search', options: '-c jit=off' });
  await db.connect();
  try {
    const orgs = await db.query<{ large: string; small: string }>(`SELECT ${orgSql('large:1')} AS large, ${orgSql('many:7')} AS small`);
    const only = process.env.SEARCH_ONLY?.split(',');
    const statementsOnly = process.env.SEARCH_STATEMENTS?.split(',');
    process.stdout.write('| organization | statement | query | median ms | worst ms | buffers | rows |\n|---|---|---|---|---|---|---|\n');
    for (const [size, org] of Object.entries(orgs.rows[0])) {
      if (process.env.SEARCH_ORGS && !process.env.SEARCH_ORGS.split(',').includes(size)) continue;
      for (const [name, build] of Object.entries(statements(db, org))) {
        if (statementsOnly && !statementsOnly.some((word) => name.startsWith(word))) continue;
        for (const [kind, q] of Object.entries(QUERIES)) {
          if (only && !only.includes(kind)) continue;
          const t = await time(db, await build(q));
          process.stdout.write(`| ${size} | ${name} | ${kind} (\`${q}\`) | ${t.median.toFixed(2)} | ${t.worst.toFixed(2)} | ${t.buffers} | ${t.rows} |\n`);
        }
      }
    }
  } finally {
    await db.end();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
