import type * as PgliteModule from '@electric-sql/pglite';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as PgliteAdapterModule from 'pglite-prisma-adapter';
import type { Database, SqlExecutor } from './database';
import { PgliteProtocol, PgliteStatements } from './pglite-statements';
import { PGLITE_TEMPLATE_DIR, isEmptyDataDir, pgliteTemplateFile, unpackDataDir } from './pglite-template';
import { statementName } from './raw-sql';

/**
 * PGlite and its Prisma adapter are required on first use, not when this library is imported: the
 * distributed apps share the library, and their images ship without either package (docker/README.md).
 */
export function loadPglite(): {
  PGlite: typeof PgliteModule.PGlite;
  PrismaPGlite: typeof PgliteAdapterModule.PrismaPGlite;
  extensions: PgliteModule.Extensions;
} & PgliteProtocol {
  /* eslint-disable @typescript-eslint/no-require-imports -- a lazy require keeps the CommonJS builds the static imports used */
  const { PGlite, protocol, messages, TransactionAbortedError } = require('@electric-sql/pglite') as typeof PgliteModule;
  const { PrismaPGlite } = require('pglite-prisma-adapter') as typeof PgliteAdapterModule;
  const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: PgliteModule.Extension };
  const { btree_gin } = require('@electric-sql/pglite/contrib/btree_gin') as { btree_gin: PgliteModule.Extension };
  /* eslint-enable @typescript-eslint/no-require-imports */
  return { PGlite, PrismaPGlite, protocol, messages, TransactionAbortedError, extensions: { pg_trgm, btree_gin } };
}

interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(script: string): Promise<unknown>;
}

type Run = (text: string, params: readonly unknown[], prepared: boolean) => Promise<PgliteModule.Results<unknown>>;

/** A named statement runs prepared (PgliteStatements), as it does on PostgreSQL; an unnamed one is parsed each time. */
function executor(run: Run): SqlExecutor {
  return {
    async query<T>(text: string, params: readonly unknown[] = [], name?: string): Promise<T[]> {
      return (await run(text, params, name !== undefined)).rows as T[];
    },
  };
}

/**
 * PGlite as Prisma's adapter sees it, with every statement Prisma sends prepared (up to the bound
 * statementName keeps): Prisma's queries are the rest of the standalone's work.
 */
function preparedForPrisma(pglite: PgliteModule.PGlite, statements: PgliteStatements): PgliteModule.PGlite {
  const prepares = (sql: string) => statementName(sql) !== undefined;
  const inTransaction = (tx: PgliteModule.Transaction): PgliteModule.Transaction => ({
    ...tx,
    query: <T>(sql: string, params?: unknown[], queryOptions?: PgliteModule.QueryOptions) =>
      prepares(sql) ? statements.queryIn<T>(tx, sql, params, queryOptions) : tx.query<T>(sql, params, queryOptions),
    get closed() {
      return tx.closed;
    },
  });
  return new Proxy(pglite, {
    get(target, property, receiver) {
      if (property === 'query')
        return <T>(sql: string, params?: unknown[], queryOptions?: PgliteModule.QueryOptions) =>
          prepares(sql) ? statements.query<T>(sql, params, queryOptions) : target.query<T>(sql, params, queryOptions);
      if (property === 'transaction')
        return <T>(fn: (tx: PgliteModule.Transaction) => Promise<T>) => target.transaction((tx) => fn(inTransaction(tx)));
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The data directory template of the installed PGlite as PGlite's `loadDataDir` takes it; undefined when there is none. */
export function templateBlob(templateDir?: string): Blob | undefined {
  const file = pgliteTemplateFile(pgliteVersion(), templateDir);
  return existsSync(file) ? new Blob([readFileSync(file)], { type: 'application/x-gzip' }) : undefined;
}

/** The version of the installed PGlite, which names the data directory template it can start from. */
function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) {
    if (path.dirname(dir) === dir) throw new Error('the package.json of @electric-sql/pglite was not found');
    dir = path.dirname(dir);
  }
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * PostgreSQL's shared buffer pool inside PGlite. initdb writes 128MB into postgresql.conf, and
 * PGlite touches the whole pool at start: 150 MiB of the process's RSS before the first query.
 * The data files are read through Node's file system (the OS page cache) on a miss, so a smaller
 * pool costs little; docs/benchmarks.md ("Standalone memory") has the measurements.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PGlite's `default_statistics_target` (PostgreSQL's default is 100). ANALYZE samples 300 rows per
 * unit of it and holds the sample in the backend's memory, which in PGlite is WebAssembly memory: it
 * never shrinks, so every table's largest sample stays resident. At 100 the outbox's 30,000-row
 * samples (event payloads of ~1.5 KB each) grew it from 33 to 92 MiB under write load; at 10 (3,000
 * rows, still every distinct status and most-common values a standalone's tables need) it stays at
 * ~37 MiB (docs/benchmarks.md, "Standalone memory"). Only ANALYZE reads it; the planner does not.
 */
export const PGLITE_STATISTICS_TARGET = 10;

/** How often the standalone looks for tables to analyze (autovacuum's own default naptime is 60 s). */
export const PGLITE_ANALYZE_SECONDS = 30;

export interface PgliteOptions {
  /** `shared_buffers` (a PostgreSQL size such as `16MB`), applied at every start. */
  sharedBuffers?: string;
  /** How often to analyze the tables that changed enough (see `analyzeChangedTables`); unset: never. */
  analyzeEverySeconds?: number;
  /** Where the build's data directory templates are; an empty `dataDir`, or an in-memory database, starts from the one of this PGlite version when it exists. */
  templateDir?: string;
}

/**
 * Embedded PostgreSQL (WASM) for the standalone run. One instance serves every context of the
 * process; PGlite serialises statements and transactions on its single connection.
 * `dataDir` undefined keeps everything in memory (unit tests).
 */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Database> {
  const pgliteModule = loadPglite();
  const { PGlite, PrismaPGlite, extensions } = pgliteModule;
  if (dataDir && isEmptyDataDir(dataDir)) {
    const template = pgliteTemplateFile(pgliteVersion(), options.templateDir);
    if (existsSync(template)) unpackDataDir(template, dataDir);
  }
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Command-line settings win over postgresql.conf, so existing data directories get them too.
  const startParams = [
    ...PGlite.defaultStartParams,
    ...['-c', `shared_buffers=${options.sharedBuffers ?? PGLITE_SHARED_BUFFERS}`],
    ...['-c', `default_statistics_target=${PGLITE_STATISTICS_TARGET}`],
  ];
  // pg_trgm serves the search's title substrings (text-search.ts), btree_gin the organization in its
  // GIN indexes, as on PostgreSQL.
  const pglite = dataDir ? new PGlite(dataDir, { startParams, extensions }) : new PGlite({ startParams, extensions, loadDataDir: templateBlob(options.templateDir) });
  await pglite.waitReady;
  const analyzer = options.analyzeEverySeconds ? startAnalyzer(pglite, options.analyzeEverySeconds * 1000) : undefined;
  const statements = new PgliteStatements(pglite, pgliteModule);
  const sql = executor((text, params, prepared) => (prepared ? statements.query(text, params) : pglite.query(text, params as unknown[])));
  return {
    kind: 'pglite',
    adapter: new PrismaPGlite(preparedForPrisma(pglite, statements)),
    sql,
    // One connection, shared by everything: a session setting would reach every statement.
    genericPlanSql: sql,
    transaction: (fn) => statements.transaction((tx) => fn({ ...executor((text, params, prepared) => tx.query(text, params, prepared)), exec: (script) => tx.exec(script) })),
    // One process owns a PGlite directory, so there is nobody to serialise against.
    withLock: (_lockId, fn) => fn(),
    ping: async () => {
      await pglite.query('SELECT 1');
    },
    close: async () => {
      await analyzer?.stop();
      await pglite.close();
    },
  };
}

/**
 * PostgreSQL's autovacuum launcher does not run in PGlite (one backend, no background workers), so
 * no table would ever get planner statistics: a list that filters and orders 10,000 work items was
 * planned as if the filter matched one row (scan the status index, sort), 11 ms per page instead of
 * 2 ms walking the key order. This does autovacuum's analyze part by its default rule: a table is
 * analyzed once more than 50 rows plus 10 % of its rows changed since the last time.
 */
export async function analyzeChangedTables(pglite: Queryable): Promise<string[]> {
  // PGlite's backend reports its table counters only when asked to (it never idles on a timer).
  await pglite.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await pglite.query<{ name: string }>(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.n_mod_since_analyze > 50 + 0.1 * GREATEST(c.reltuples, 0)`,
  );
  for (const { name } of rows) await pglite.exec(`ANALYZE ${name}`);
  return rows.map((row) => row.name);
}

/** Runs `analyzeChangedTables` every `intervalMs`; `stop` waits for a run in progress. */
function startAnalyzer(pglite: Queryable, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    // Stale statistics are no reason to fail anything: a failed run is retried on the next tick.
    running ??= analyzeChangedTables(pglite)
      .catch(() => undefined)
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Runs initdb once (in memory) and writes the result as this PGlite version's data directory
 * template into `templateDir` (the build does, tools/pglite-template.ts). Answers the file.
 */
export async function writePgliteTemplate(templateDir = PGLITE_TEMPLATE_DIR): Promise<string> {
  const { PGlite } = loadPglite();
  const pglite = new PGlite();
  try {
    await pglite.waitReady;
    // Everything on disk, so that starting from the copy needs no recovery.
    await pglite.query('CHECKPOINT');
    const dump = await pglite.dumpDataDir('gzip');
    const file = pgliteTemplateFile(pgliteVersion(), templateDir);
    mkdirSync(templateDir, { recursive: true });
    // Renamed into place: an interrupted build must not leave a truncated template behind.
    writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.tmp`, file);
    return file;
  } finally {
    await pglite.close();
  }
}
