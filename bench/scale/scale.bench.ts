/**
 * `npm run bench:scale`: how cost grows with the data. The distributed run (all six apps)
 * on the scale cluster (bench/scale/cluster.ts), seeded in bulk (bench/scale/seed.ts), measures every
 * path of the issue's table in the small organization (10,000 items) and the large one (SCALE_ITEMS,
 * default 1,000,000) in the same sitting, 50 concurrent clients, each small run right before its
 * large one so that the machine's noise hits both. Ends with a `Targets:` line and writes
 * docs/benchmarks.md (block "scale"). BENCH_KEEP=1 keeps the seeded cluster (stopped) for the next
 * run; without it the cluster's directory is removed at the end.
 */
import { Client } from 'pg';
import { BackendCpu, HARNESS_APPLICATION, LoadResult, cpuSeconds, drive, writeBenchmarkBlock } from '../support';
import { TopStatement, drained, filtersOf, liveNumbers, transcriptSentence, topStatements, topStatementsTable, unreadInQueryPlans } from './figures';
import { startScaleRun } from './run';
import { ARTIFACT_FOCUS_NUMBER, DISCOVERY_FOCUS_NUMBER, RARE_WORD, SeededOrganization, TRANSCRIPT_PHRASE, seededItem } from './seed';
import { ensureSeeded } from './seeded';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = 50;
/** How deep the "deep page" is: the page reached after this many next links. */
const DEEP_PAGES = Number(process.env.BENCH_DEEP_PAGES ?? 10);
const PAGE = 50;
const BASE_PORT = Number(process.env.BENCH_SCALE_BASE_PORT ?? 43020);
const SORTS = ['key', '-key', 'createdAt', '-updatedAt', 'priority', 'status'];

const out = (line: string) => process.stdout.write(`${line}\n`);

interface Size {
  label: string;
  org: SeededOrganization;
  items: number;
}

interface Row {
  path: string;
  small?: LoadResult;
  large?: LoadResult;
  /** Extra figures (CPU per request) and the target's verdict. */
  note?: string;
  verdict?: { name: string; met: boolean; detail: string };
}

async function main(): Promise<void> {
  const run = await startScaleRun({ name: 'scale', log: out, basePort: BASE_PORT });
  const { cluster, seeded, db, sampler, urls, pids } = run;
  try {
    const sizes = sizesOf(seeded.organizations, seeded.groups);
    const gateway = urls['api-gateway'];
    const mcpUrl = urls['mcp-server'];

    // Index use and statement figures count from here: the seed's own scans are not the service's.
    await db.query('SELECT pg_stat_reset(), pg_stat_statements_reset()');
    const rows: Row[] = [];
    const pair = async (path: string, build: (size: Size) => Promise<Measure>): Promise<Row> => {
      const row: Row = { path };
      for (const size of sizes) {
        await drained(db, HARNESS_APPLICATION);
        // A path that fails its preparation (a check request that timed out) counts as failed, not as the end of the run.
        const result = await build(size)
          .then((measure) => measure())
          .catch((error: Error): LoadResult => {
            out(`  ${path} @${size.label}: ${error.message.slice(0, 200)}`);
            return { requests: 0, requestsPerSecond: 0, p50: 0, p99: 0, non2xx: 0, errors: 1 };
          });
        row[size.label as 'small' | 'large'] = result;
        out(`  ${path} @${size.label}: ${result.requestsPerSecond}/s p50 ${result.p50} ms p99 ${result.p99} ms${result.non2xx || result.errors ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`);
      }
      rows.push(row);
      return row;
    };
    const get = (paths: (size: Size) => Promise<string[]> | string[], connections = CONNECTIONS) => async (size: Size): Promise<Measure> => {
      const list = await paths(size);
      const headers = { 'x-api-key': size.org.apiKey };
      return async () => {
        await drive(gateway, { method: 'GET', paths: list, headers, seconds: WARMUP, connections });
        return drive(gateway, { method: 'GET', paths: list, headers, seconds: SECONDS, connections });
      };
    };
    const mcpCall = (tool: string, args: (size: Size) => object[], connections = CONNECTIONS) => async (size: Size): Promise<Measure> => {
      const bodies = args(size).map((a, i) => JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: tool, arguments: a } }));
      const headers = { 'x-api-key': size.org.apiKey, accept: 'application/json, text/event-stream' };
      const check = await fetch(`${mcpUrl}/mcp`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: bodies[0] });
      const answer = await check.text();
      if (!check.ok || answer.includes('"isError":true')) out(`  MCP ${tool} check failed (measured anyway): ${check.status} ${answer.slice(0, 200)}`);
      const options = { method: 'POST' as const, paths: ['/mcp'], headers, body: {}, vary: (n: number) => ({ body: bodies[n % bodies.length] }), connections };
      return async () => {
        await drive(mcpUrl, { ...options, seconds: WARMUP });
        return drive(mcpUrl, { ...options, seconds: SECONDS });
      };
    };

    // Keys of live items (neither archived nor in the trash), spread over the whole organization.
    const live = await Promise.all(sizes.map((s) => liveNumbers(db, s.org.organizationId, s.items, 2000)));
    const liveOf = (s: Size) => live[sizes.indexOf(s)];
    out('GET by key...');
    const byKey = await pair('GET /work-items/{key}', get((s) => liveOf(s).slice(0, 500).map((n) => `/api/v1/work-items/WI-${n}`)));
    verdictRatio(byKey, 'GET by key p99', 1.2);

    out('lists with filters, first and deep pages...');
    const filters = await Promise.all(sizes.map((s) => filtersOf(db, s.org.organizationId)));
    for (const filter of ['status', 'assigneeId', 'labelId', 'sprintId', 'parentId'] as const) {
      const first = (s: Size) => SORTS.map((sort) => `/api/v1/work-items?${filter}=${filters[sizes.indexOf(s)][filter]}&sort=${sort}&limit=${PAGE}`);
      const row = await pair(`list ${filter}=…, each sort, first page`, get(first));
      verdictRatio(row, `list ${filter} first page p99`, 1.5);
      if (filter === 'parentId') continue; // an epic has ~20 children: one page, nothing deep
      const deep = await pair(`list ${filter}=…, each sort, page ${DEEP_PAGES + 1} by cursor`, get((s) => Promise.all(first(s).map((p) => deepPage(gateway, s, p)))));
      verdictRatio(deep, `list ${filter} deep page p99`, 1.5);
    }

    out('text search...');
    const words = (s: Size) => ['invoice export', 'checkout', RARE_WORD, `WI-${Math.floor(s.items / 3)}`, 'onboarding timeout'];
    const restQ = (s: Size) => words(s).map((w) => `/api/v1/work-items?q=${encodeURIComponent(w)}&limit=20`);
    const qOne = await pair('REST `q`, one client', get(restQ, 1));
    verdictMax(qOne, 'REST q one client p99 ≤ 20 ms', 'large', 'p99', 20);
    const q50 = await pair('REST `q`, 50 clients', get(restQ));
    verdictRatio(q50, 'REST q 50 clients p99', 1.5);
    const mcpArgs = (s: Size) => [...words(s), TRANSCRIPT_PHRASE].map((query) => ({ query, limit: 20 }));
    const mOne = await pair('MCP `search`, one client', mcpCall('search', mcpArgs, 1));
    verdictMax(mOne, 'MCP search one client p99 ≤ 20 ms', 'large', 'p99', 20);
    const m50 = await pair('MCP `search`, 50 clients', mcpCall('search', mcpArgs));
    verdictRatio(m50, 'MCP search 50 clients p99', 1.5);
    const searchPaths = (s: Size) => words(s).map((w) => `/api/v1/search?q=${encodeURIComponent(w)}&limit=20`);
    const sOne = await pair('GET /search, one client', get(searchPaths, 1));
    verdictMax(sOne, 'GET /search one client p99 ≤ 20 ms', 'large', 'p99', 20);
    const s50 = await pair('GET /search, 50 clients', get(searchPaths));
    verdictRatio(s50, 'GET /search 50 clients p99', 1.5);
    // The issue's own check: the words of a real transcript, pasted. Eleven words of the organization's
    // oldest interview, each in about a quarter of the rows (the seed's vocabulary), together in few.
    const sentences = await Promise.all(sizes.map((s) => transcriptSentence(db, s.org.organizationId)));
    const sentence = (path: string) => (s: Size) => [`${path}?q=${encodeURIComponent(sentences[sizes.indexOf(s)])}&limit=20`];
    const sSentence = await pair('GET /search, a sentence of a transcript (11 words), one client', get(sentence('/api/v1/search'), 1));
    verdictMax(sSentence, 'GET /search of a transcript sentence one client p99 ≤ 20 ms', 'large', 'p99', 20);
    await pair('REST `q`, a sentence of a transcript (11 words), one client', get(sentence('/api/v1/work-items'), 1));

    out('get_discovery_context brief on a record with 200 linked records...');
    const discovery = await pair('MCP `get_discovery_context` brief, OPP-1 (200 linked)', mcpCall('get_discovery_context', () => [{ ref: `OPP-${DISCOVERY_FOCUS_NUMBER}`, detail: 'brief' }]));
    verdictMax(discovery, 'get_discovery_context p50 ≤ 50 ms', 'large', 'p50', 50);
    verdictMax(discovery, 'get_discovery_context p99 ≤ 150 ms', 'large', 'p99', 150);
    // The absolute targets' paths at one client too (no verdict: the targets are at 50): what a request
    // costs without the queue that 50 connections on two cores make (docs/benchmarks.md, "Scale").
    await pair('MCP `get_discovery_context` brief, OPP-1, one client', mcpCall('get_discovery_context', () => [{ ref: `OPP-${DISCOVERY_FOCUS_NUMBER}`, detail: 'brief' }], 1));

    out('artifacts of a work item with 5,000 of them...');
    const artifacts = await pair(`GET /work-items/WI-${ARTIFACT_FOCUS_NUMBER}/artifacts (5,000)`, get(() => [`/api/v1/work-items/WI-${ARTIFACT_FOCUS_NUMBER}/artifacts`]));
    verdictMax(artifacts, 'artifacts first page p99 ≤ 20 ms', 'large', 'p99', 20);
    await pair(`GET /work-items/WI-${ARTIFACT_FOCUS_NUMBER}/artifacts, one client`, get(() => [`/api/v1/work-items/WI-${ARTIFACT_FOCUS_NUMBER}/artifacts`], 1));

    out('webhook deliveries...');
    const deliveries = async (s: Size, query: string) => [`/api/v1/webhooks/deliveries?limit=${PAGE}${query}`];
    const subscription = async (s: Size) => (await db.query<{ id: string }>('SELECT id FROM webhooks.subscriptions WHERE organization_id = $1 ORDER BY id LIMIT 1', [s.org.organizationId])).rows[0].id;
    const dFirst = await pair('GET /webhooks/deliveries, first page', get((s) => deliveries(s, '')));
    verdictMax(dFirst, 'deliveries first page p99 ≤ 20 ms', 'large', 'p99', 20);
    await pair('GET /webhooks/deliveries, first page, one client', get((s) => deliveries(s, ''), 1));
    const dDeep = await pair(`GET /webhooks/deliveries, page ${DEEP_PAGES + 1} by cursor`, get(async (s) => [await deepPage(gateway, s, `/api/v1/webhooks/deliveries?limit=${PAGE}`)]));
    verdictMax(dDeep, 'deliveries deep page p99 ≤ 20 ms', 'large', 'p99', 20);
    const dFilter = await pair('GET /webhooks/deliveries?webhookId=…, first and deep page', get(async (s) => {
      const first = `/api/v1/webhooks/deliveries?webhookId=${await subscription(s)}&limit=${PAGE}`;
      return [first, await deepPage(gateway, s, first)];
    }));
    verdictMax(dFilter, 'deliveries by webhook p99 ≤ 20 ms', 'large', 'p99', 20);

    out('writes, CPU per request...');
    const processPids = Object.values(pids);
    const backends = new BackendCpu(sampler);
    const cpuOf = async (run: () => Promise<LoadResult>): Promise<{ result: LoadResult; cpuMs: number }> => {
      await backends.start();
      const timer = setInterval(() => void backends.sample(), 500);
      const before = cpuSeconds(processPids);
      const result = await run();
      await new Promise((r) => setTimeout(r, 1000));
      await backends.sample();
      clearInterval(timer);
      const seconds = cpuSeconds(processPids) - before + backends.seconds();
      const requests = result.requestsPerSecond * SECONDS;
      return { result, cpuMs: requests ? (seconds * 1000) / requests : 0 };
    };
    for (const write of ['create', 'status PATCH'] as const) {
      const row: Row = { path: write === 'create' ? 'POST /work-items (create)' : 'PATCH /work-items/{key} status' };
      const cpu: Record<string, number> = {};
      for (const size of sizes) {
        const headers = { 'x-api-key': size.org.apiKey };
        let n = 0;
        const options =
          write === 'create'
            ? {
                method: 'POST' as const,
                paths: ['/api/v1/work-items'],
                headers,
                body: seededItem(0),
                vary: () => ({ body: JSON.stringify(seededItem((n += 1))) }),
              }
            : {
                method: 'PATCH' as const,
                paths: liveOf(size).map((n) => `/api/v1/work-items/WI-${n}`),
                headers,
                body: { status: 'IN_PROGRESS' },
                vary: () => ({ body: JSON.stringify({ status: n++ % 2 ? 'IN_PROGRESS' : 'IN_REVIEW' }) }),
              };
        await drive(gateway, { ...options, seconds: WARMUP });
        const { result, cpuMs } = await cpuOf(() => drive(gateway, { ...options, seconds: SECONDS }));
        row[size.label as 'small' | 'large'] = result;
        cpu[size.label] = cpuMs;
        out(`  ${row.path} @${size.label}: ${result.requestsPerSecond}/s p99 ${result.p99} ms, ${cpuMs.toFixed(2)} ms CPU per request (${result.non2xx} non-2xx)`);
      }
      row.note = `CPU per request ${cpu.small.toFixed(2)} → ${cpu.large.toFixed(2)} ms`;
      const ratio = cpu.large / cpu.small;
      row.verdict = { name: `${write} CPU per request within 10 %`, met: ratio <= 1.1, detail: `×${ratio.toFixed(2)}` };
      rows.push(row);
    }

    out('database size and index use...');
    const size = await databaseSize(db);
    const unused = await unusedIndexes(db);
    const top = await topStatements(db);
    rows.push({
      path: 'database size',
      note: `${(size.database / 1024 ** 3).toFixed(2)} GiB in all; work items ${size.bytesPerItem} bytes each with indexes (${size.itemBytesNote})`,
      verdict: { name: 'bytes per work item reported', met: true, detail: `${size.bytesPerItem} B` },
    });
    const plans = unreadInQueryPlans();
    const unreadByBoth = plans ? unused.filter((name) => plans.names.has(name)) : unused;
    rows.push({
      path: plans
        ? `unused indexes: read by no statement of this run (idx_scan = 0) nor by any plan of the query-plans run of ${plans.at}`
        : 'unused indexes (idx_scan = 0 after the run; no query-plans report to set beside it)',
      note: unreadByBoth.length ? unreadByBoth.join(', ') : 'none',
      verdict: { name: 'no index that no query uses', met: unreadByBoth.length === 0, detail: `${unreadByBoth.length} unused${plans ? ` by both runs, ${unused.length} by this one` : ''}` },
    });
    const markdown = render(rows, sizes, seeded, cluster.diskBytes(), size, top, unused);
    const file = writeBenchmarkBlock('scale', markdown);
    out(`\n${markdown}\n\nwritten to ${file}`);
    const verdicts = rows.flatMap((r) => (r.verdict ? [r.verdict] : [])).concat(extraVerdicts);
    out(`Targets: ${verdicts.map((v) => `${v.name} ${v.met ? 'met' : 'NOT met'} (${v.detail})`).join('; ')}`);
  } finally {
    await run.close();
  }
}

type Measure = () => Promise<LoadResult>;

/** Verdicts of rows with two of them (discovery p50 and p99). */
const extraVerdicts: { name: string; met: boolean; detail: string }[] = [];

function setVerdict(row: Row, verdict: { name: string; met: boolean; detail: string }): void {
  if (row.verdict) extraVerdicts.push(verdict);
  else row.verdict = verdict;
}

/** Failed requests of a run; a run with no answer at all (every request timed out) counts as one. */
const failures = (r?: LoadResult) => (!r || r.requestsPerSecond === 0 ? 1 : 0) + (r?.non2xx ?? 0) + (r?.errors ?? 0);

function verdictRatio(row: Row, name: string, limit: number): void {
  const ratio = (row.large?.p99 ?? Infinity) / Math.max(1, row.small?.p99 ?? 1);
  const failed = failures(row.small) + failures(row.large);
  setVerdict(row, { name: `${name} ≤ ${limit} × 10k`, met: ratio <= limit && failed === 0, detail: `×${ratio.toFixed(2)}${failed ? `, ${failed} failed` : ''}` });
}

function verdictMax(row: Row, name: string, size: 'large', field: 'p50' | 'p99', limit: number): void {
  const value = row[size]?.[field] ?? Infinity;
  const failed = failures(row[size]);
  setVerdict(row, { name, met: value <= limit && failed === 0, detail: `${value} ms${failed ? `, ${failed} failed` : ''}` });
}

function sizesOf(organizations: SeededOrganization[], groups: { name: string; items: number }[]): Size[] {
  return ['small', 'large'].map((label) => ({
    label,
    org: organizations.find((o) => o.group === label) as SeededOrganization,
    items: groups.find((g) => g.name === label)?.items ?? 0,
  }));
}

/** The path of the page DEEP_PAGES next-links after `first` (or the last page, if the list is shorter). */
async function deepPage(baseUrl: string, size: Size, first: string): Promise<string> {
  let path = first;
  for (let page = 0; page < DEEP_PAGES; page += 1) {
    const response = await fetch(`${baseUrl}${path}`, { headers: { 'x-api-key': size.org.apiKey } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    // Lists page by the X-Next-Cursor header; the delivery log carries `nextCursor` in its body.
    const body = (await response.json()) as { nextCursor?: string | null };
    const cursor = response.headers.get('x-next-cursor') ?? (Array.isArray(body) ? null : (body.nextCursor ?? null));
    if (!cursor) break;
    path = `${first.replace(/&cursor=[^&]*/, '')}&cursor=${encodeURIComponent(cursor)}`;
  }
  return path;
}

interface DatabaseSize {
  database: number;
  bytesPerItem: number;
  itemBytesNote: string;
  tables: { table: string; rows: number; bytes: number; indexBytes: number }[];
}

async function databaseSize(db: Client): Promise<DatabaseSize> {
  const total = Number((await db.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0].n);
  const { rows } = await db.query<{ table: string; rows: string; bytes: string; index_bytes: string }>(
    `SELECT n.nspname || '.' || c.relname AS table, c.reltuples::bigint AS rows, pg_total_relation_size(c.oid) AS bytes, pg_indexes_size(c.oid) AS index_bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname IN ('identity', 'delivery', 'strategy', 'repos', 'webhooks')
      ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 15`,
  );
  const tables = rows.map((r) => ({ table: r.table, rows: Number(r.rows), bytes: Number(r.bytes), indexBytes: Number(r.index_bytes) }));
  const items = tables.find((t) => t.table === 'delivery.work_items') as DatabaseSize['tables'][number];
  return {
    database: total,
    bytesPerItem: Math.round(items.bytes / Math.max(1, items.rows)),
    itemBytesNote: `${Math.round((items.bytes - items.indexBytes) / Math.max(1, items.rows))} B row and TOAST, ${Math.round(items.indexBytes / Math.max(1, items.rows))} B indexes`,
    tables,
  };
}

/** Indexes no statement used during the run; the ones that enforce a constraint are marked. */
async function unusedIndexes(db: Client): Promise<string[]> {
  const { rows } = await db.query<{ name: string; constraint: boolean }>(
    `SELECT s.schemaname || '.' || s.indexrelname AS name, i.indisunique OR i.indisprimary AS constraint
       FROM pg_stat_user_indexes s JOIN pg_index i ON i.indexrelid = s.indexrelid
      WHERE s.idx_scan = 0 AND s.schemaname IN ('identity', 'delivery', 'strategy', 'repos', 'webhooks')
      ORDER BY 1`,
  );
  return rows.filter((r) => !r.constraint).map((r) => r.name);
}

function render(
  rows: Row[],
  sizes: Size[],
  seeded: Awaited<ReturnType<typeof ensureSeeded>>,
  diskBytes: number,
  size: DatabaseSize,
  top: TopStatement[],
  unused: string[],
): string {
  const fig = (r?: LoadResult) => (!r ? '—' : r.requestsPerSecond === 0 ? 'no answer in time' : `${r.p50} / ${r.p99}${r.non2xx || r.errors ? ` (${r.non2xx + r.errors} failed)` : ''}`);
  const gib = (b: number) => `${(b / 1024 ** 3).toFixed(2)} GiB`;
  const lines = [
    '## Scale (`npm run bench:scale`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16)}Z, ${SECONDS} s per measurement after ${WARMUP} s of warm-up, ${CONNECTIONS} connections unless the path says one client. ` +
      `Distributed run (six apps) on the scale cluster; small = ${sizes[0].items.toLocaleString('en')} work items, large = ${sizes[1].items.toLocaleString('en')}. ` +
      `Seed: ${seeded.groups.map((g) => `${g.name} ${g.organizations} × ${g.items.toLocaleString('en')}`).join(', ')}; ${seeded.reused ? 'reused from an earlier run, seeded' : 'seeded'} in ${Math.round(seeded.seconds)} s; cluster directory ${gib(diskBytes)}.`,
    '',
    `| path | small p50 / p99 ms | large p50 / p99 ms | target | verdict |`,
    `|---|---|---|---|---|`,
    ...rows.map((r) => `| ${r.path} | ${r.note && !r.small ? r.note : fig(r.small)} | ${r.small ? fig(r.large) : ''} | ${r.verdict?.name ?? ''} | ${r.verdict ? `${r.verdict.met ? 'met' : '**NOT met**'} (${r.verdict.detail})${r.small && r.note ? `; ${r.note}` : ''}` : ''} |`),
    ...(extraVerdicts.length ? ['', `Also: ${extraVerdicts.map((v) => `${v.name}: ${v.met ? 'met' : '**NOT met**'} (${v.detail})`).join('; ')}.`] : []),
    '',
    `Largest tables (rows, total size with indexes, of which indexes): ${size.tables.slice(0, 10).map((t) => `${t.table} ${t.rows.toLocaleString('en')} rows ${gib(t.bytes)} (${gib(t.indexBytes)})`).join('; ')}.`,
    '',
    `Unused indexes (idx_scan = 0 after the run, constraint indexes left out): ${unused.length ? unused.join(', ') : 'none'}.`,
    '',
    'Top statements by total time (pg_stat_statements, this run):',
    '',
    ...topStatementsTable(top),
  ];
  return lines.join('\n');
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
