/**
 * `npm run bench:mcp`: the hosted MCP endpoint in the distributed run (api-gateway,
 * strategy-discovery, delivery-intake, repo-receiver, mcp-server, PostgreSQL, NATS): every app a
 * packet asks, so that each of its requests is answered as it would be for an agent.
 *
 * Data set (one organization, seeded over REST): BENCH_WORK_ITEMS work items (default 10,000),
 * 1,000 opportunities, 300 interviews with 20,000-character transcripts and 2,000 insights. The
 * focus opportunity has 20 insights and 50 work items, each linked to a branch and two commits
 * by a signed GitHub push to the repo-receiver (the packet shows them). Then, with BENCH_CLIENTS concurrent clients
 * (default 10), closed loop:
 * 1. `initialize` followed by `tools/list` (two stateless POSTs, as a client connecting);
 * 2. `tools/call get_discovery_context {ref: <focus>, detail: brief}`.
 * Reports p50/p99 of each, the mcp-server's memory and the CPU per request of each process into
 * docs/benchmarks.md ("mcp"). BENCH_MCP_KEEP=1 keeps the seeded database for the next run;
 * BENCH_MCP_PROFILE=<dir> writes a CPU profile of every app.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { checkNats, checkPostgres, createScratchDatabase, freePort, repoRoot, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import { cpuSeconds, deleteStreams, distributedBenchEnv, memoryOf, pidsOf, writeBenchmarkBlock } from './support';

const WORK_ITEMS = Number(process.env.BENCH_WORK_ITEMS ?? 10_000);
const OPPORTUNITIES = 1_000;
const INTERVIEWS = 300;
const INSIGHTS = 2_000;
const FOCUS_INSIGHTS = 20;
const FOCUS_WORK_ITEMS = 50;
/** Commits naming each focus work item, pushed on a branch named after it. */
const COMMITS_PER_ITEM = 2;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const SEED_CONCURRENCY = 16;
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POST JSON, answer status and parsed body. */
function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers, 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Runs `count` tasks with at most `concurrency` in flight. */
async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** What a kept database needs to be measured again: its name, the admin key and the focus. */
interface SeedState {
  database: string;
  workItems: number;
  /** Pushes that linked the focus work items to artifacts (absent: a database seeded before they were). */
  pushes?: number;
  apiKey: string;
  focusKey: string;
  seedSeconds: number;
}

/**
 * BENCH_MCP_KEEP=1 keeps the seeded database (its state in .bench/, git-ignored) and reuses it on
 * the next run with the same BENCH_WORK_ITEMS: seeding takes minutes, a measurement seconds.
 */
const KEEP = process.env.BENCH_MCP_KEEP === '1';
const stateFile = path.join(repoRoot, '.bench', 'mcp-seed.json');

/** A signed GitHub push creating the branch `feature/<key>` with commits that name the work item. */
async function pushNaming(receiverUrl: string, connection: { id: string; secret: string; fullName: string }, key: string): Promise<void> {
  const sha = () => randomBytes(20).toString('hex');
  const commits = Array.from({ length: COMMITS_PER_ITEM }, (_c, k) => ({
    id: sha(),
    message: `${key}: step ${k + 1}`,
    timestamp: new Date().toISOString(),
    url: `https://github.com/${connection.fullName}/commit/x`,
    author: { name: 'Bench', email: 'bench@example.com' },
  }));
  const body = JSON.stringify({
    ref: `refs/heads/feature/${key.toLowerCase()}`,
    before: '0'.repeat(40),
    after: commits[commits.length - 1].id,
    created: true,
    deleted: false,
    forced: false,
    commits,
    head_commit: commits[commits.length - 1],
    repository: { full_name: connection.fullName, html_url: `https://github.com/${connection.fullName}` },
  });
  const signature = `sha256=${createHmac('sha256', connection.secret).update(body).digest('hex')}`;
  const response = await fetch(`${receiverUrl}/hooks/github/${connection.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': randomUUID(), 'x-hub-signature-256': signature },
    body,
  });
  if (response.status !== 202) throw new Error(`push naming ${key}: ${response.status} ${await response.text()}`);
}

/** Waits until the repo-receiver has processed `count` deliveries (its artifacts and links are committed then). */
async function processedDeliveries(databaseUrl: string, count: number): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM repos.received_deliveries WHERE status = 'PROCESSED'`);
      if (Number(rows[0].n) >= count) return;
      if (Date.now() > deadline) throw new Error(`repo-receiver processed ${rows[0].n} of ${count} pushes in 300 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await db.end();
  }
}

/** Seeds the organization over REST (as a customer would) and answers what a run needs. */
async function seed(gatewayUrl: string, receiverUrl: string, operatorToken: string, database: string, databaseUrl: string): Promise<SeedState> {
  const org = (await postJson(`${gatewayUrl}/operator/organizations`, { authorization: `Bearer ${operatorToken}` }, {
    name: 'Bench MCP',
    adminEmail: 'bench-mcp@example.com',
  })).body as { apiKey: string };
  const key = { 'x-api-key': org.apiKey };
  const rest = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await postJson(`${gatewayUrl}/api/v1${path}`, key, body);
    if (response.status !== 200) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as T;
  };

  const seedStarted = Date.now();
  process.stdout.write('seeding: goals, OKR, interviews...\n');
  const annual = await rest<{ id: string }>('/annual-goals', { title: 'Grow self-serve revenue', explanation: 'Sales does not scale' });
  const cycle = await rest<{ id: string }>('/planning-cycles', { name: '2026 H1', startDate: '2026-01-01', endDate: '2026-06-30' });
  const product = await rest<{ id: string }>('/product-goals', { title: 'Checkout that converts', annualGoalId: annual.id, explanation: 'Most buyers drop at checkout' });
  const ckr = await rest<{ id: string; key: string }>('/ckrs', {
    title: 'Checkout conversion to 5%',
    annualGoalId: annual.id,
    productGoalId: product.id,
    planningCycleIds: [cycle.id],
    keyResults: [{ title: 'Conversion 5%', targetValue: 5, currentValue: 2.1, unit: '%' }, { title: 'Drop-off under 20%', targetValue: 20 }],
  });
  const transcript = 'Interviewer: tell me about checkout. Participant: '.padEnd(20_000, ' the phone field is where I gave up.');
  const interviews = await pool(INTERVIEWS, SEED_CONCURRENCY, (i) =>
    rest<{ id: string }>('/interviews', {
      title: `Customer interview ${i + 1}`,
      participant: `Buyer ${i + 1}`,
      conductedAt: new Date(Date.UTC(2026, 0, 1 + (i % 28))).toISOString(),
      transcript,
      summary: `Buyer ${i + 1} describes friction at checkout.`,
    }),
  );
  process.stdout.write('seeding: insights...\n');
  const insights = await pool(INSIGHTS, SEED_CONCURRENCY, (i) =>
    rest<{ id: string }>('/insights', {
      title: `Insight ${i + 1}: checkout friction`,
      description: 'Buyers abandon when asked for data they do not expect to give.',
      interviewId: interviews[i % INTERVIEWS].id,
      quotes: ['I gave up at the phone field, why do you need it?'.repeat(3), 'It asked me to create an account first.'],
    }),
  );
  process.stdout.write('seeding: opportunities...\n');
  const opportunities = await pool(OPPORTUNITIES, SEED_CONCURRENCY, (i) =>
    rest<{ id: string; key: string }>('/opportunities', {
      title: i === 0 ? 'Checkout asks for too much' : `Opportunity ${i + 1}`,
      impact: 1 + (i % 5),
      confidence: 1 + ((i + 2) % 5),
      reach: 100 * (i + 1),
      effort: 1 + (i % 8),
      ...(i === 0
        ? { ckrId: ckr.id, productGoalId: product.id, insightIds: insights.slice(0, FOCUS_INSIGHTS).map((s) => s.id) }
        : { insightIds: [insights[(i * 2) % INSIGHTS].id, insights[(i * 2 + 1) % INSIGHTS].id] }),
    }),
  );
  const focus = opportunities[0];
  const solution = await rest<{ id: string }>(`/opportunities/${focus.id}/solutions`, { title: 'Drop the phone field' });
  await rest('/experiments', { ckrId: ckr.id, solutionId: solution.id, title: 'A/B without phone field', hypothesis: 'Conversion rises by a point' });
  process.stdout.write(`seeding: ${WORK_ITEMS} work items...\n`);
  const workItems = await pool(WORK_ITEMS, SEED_CONCURRENCY * 2, (i) =>
    rest<{ key: string }>('/work-items', {
      title: `Work item ${i + 1}`,
      type: 'TASK',
      ...(i < FOCUS_WORK_ITEMS ? { opportunityId: focus.id } : { opportunityId: opportunities[1 + (i % (OPPORTUNITIES - 1))].id }),
    }),
  );
  process.stdout.write('seeding: artifacts of the focus work items...\n');
  const connection = await rest<{ id: string; secret: string; fullName: string }>('/repositories', { provider: 'GITHUB', fullName: 'acme/bench-mcp' });
  const focusItems = workItems.slice(0, FOCUS_WORK_ITEMS);
  await pool(focusItems.length, SEED_CONCURRENCY, (i) => pushNaming(receiverUrl, connection, focusItems[i].key));
  await processedDeliveries(databaseUrl, focusItems.length);
  return { database, workItems: WORK_ITEMS, pushes: focusItems.length, apiKey: org.apiKey, focusKey: focus.key, seedSeconds: (Date.now() - seedStarted) / 1000 };
}

async function keptState(): Promise<SeedState | undefined> {
  if (!KEEP || !existsSync(stateFile)) return undefined;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as SeedState;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [state.database]);
    if (found.rowCount === 1 && state.workItems === WORK_ITEMS && state.pushes === FOCUS_WORK_ITEMS) return state;
    await admin.query(`DROP DATABASE IF EXISTS ${state.database} WITH (FORCE)`);
    return undefined;
  } finally {
    await admin.end();
  }
}

async function main(): Promise<void> {
  await checkPostgres(adminUrl);
  await checkNats(natsUrl);
  const suffix = randomBytes(4).toString('hex');
  const kept = await keptState();
  const scratch = await createScratchDatabase(adminUrl, 'pds_bench_mcp', kept?.database);
  const children: ChildProcess[] = [];
  const operatorToken = randomBytes(24).toString('base64url');
  const env = { ...distributedBenchEnv(operatorToken, scratch.url, natsUrl, `bench_${suffix}`) };
  // BENCH_MCP_PROFILE=<dir>: a V8 CPU profile of every app, in <dir>/<app>/, to see where the time goes.
  const profileDir = process.env.BENCH_MCP_PROFILE;
  try {
    process.stdout.write('starting api-gateway, strategy-discovery, delivery-intake, repo-receiver and mcp-server...\n');
    const apps = ['api-gateway', 'strategy-discovery', 'delivery-intake', 'repo-receiver', 'mcp-server'] as const;
    const ports = await Promise.all(apps.map(() => freePort()));
    const spawned = apps.map((app, i) =>
      spawnApp(app, {
        env: { ...env, PORT: String(ports[i]) },
        ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir, app)}`] } : {}),
      }),
    );
    children.push(...spawned);
    await Promise.all(ports.map((port, i) => waitUntilReady(`http://127.0.0.1:${port}`, spawned[i], 90_000)));
    const gatewayUrl = `http://127.0.0.1:${ports[0]}`;
    const receiverUrl = `http://127.0.0.1:${ports[3]}`;
    const mcpUrl = `http://127.0.0.1:${ports[4]}/mcp`;
    const mcp = spawned[4];

    const state = kept ?? (await seed(gatewayUrl, receiverUrl, operatorToken, scratch.name, scratch.url));
    if (kept) process.stdout.write(`reusing the seeded database ${kept.database} (BENCH_MCP_KEEP=1)\n`);
    else if (KEEP) {
      mkdirSync(path.dirname(stateFile), { recursive: true });
      writeFileSync(stateFile, JSON.stringify(state), { mode: 0o600 });
    }
    const key = { 'x-api-key': state.apiKey };
    const focus = { key: state.focusKey };
    const seedSeconds = state.seedSeconds;

    let id = 0;
    const rpc = async (method: string, params: unknown): Promise<number> => {
      const started = performance.now();
      const response = await postJson(mcpUrl, { ...key, accept: 'application/json, text/event-stream' }, { jsonrpc: '2.0', id: ++id, method, params });
      const elapsed = performance.now() - started;
      const body = response.body as { result?: { isError?: boolean } };
      if (response.status !== 200 || !body.result || body.result.isError) throw new Error(`${method}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      return elapsed;
    };
    const initialize = () =>
      rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } });
    const toolsList = () => rpc('tools/list', {});
    const packet = () => rpc('tools/call', { name: 'get_discovery_context', arguments: { ref: focus.key, detail: 'brief' } });

    const size = await postJson(mcpUrl, { ...key, accept: 'application/json, text/event-stream' }, {
      jsonrpc: '2.0',
      id: 0,
      method: 'tools/call',
      params: { name: 'get_discovery_context', arguments: { ref: focus.key } },
    });
    const packetChars = JSON.stringify((size.body as { result: { structuredContent: unknown } }).result.structuredContent).length;
    // The artifacts shown are the check that the repo-receiver answered (an unanswered request shows none).
    const shown = (size.body as { result: { structuredContent: { workItems?: { items: { artifacts?: { commits: unknown[] } }[] } } } }).result.structuredContent.workItems?.items ?? [];
    const shownCommits = shown.reduce((sum, item) => sum + (item.artifacts?.commits.length ?? 0), 0);
    if (shownCommits === 0) throw new Error('the packet shows no commits: the repo-receiver did not answer');

    process.stdout.write('warm-up...\n');
    await pool(CLIENTS * 10, CLIENTS, async () => {
      await initialize();
      await toolsList();
      await packet();
    });

    // CPU per process group: where the time of a request goes besides the mcp-server.
    const groups: Record<string, number[]> = {
      'mcp-server': [mcp.pid as number],
      'strategy-discovery': [spawned[1].pid as number],
      'delivery-intake': [spawned[2].pid as number],
      'repo-receiver': [spawned[3].pid as number],
      'nats-server': pidsOf('nats-server'),
      postgres: [],
      'load generator': [process.pid],
    };
    // Only the PostgreSQL backends serving this run's database: other work on the machine has its own.
    const backends = async () => {
      const admin = new Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        return (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [scratch.name])).rows.map((row) => row.pid);
      } finally {
        await admin.end();
      }
    };
    const cpuOf = () => Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, cpuSeconds(pids)]));
    // Pools open and close backends while a measure runs: count each backend seen at the end from
    // where it stood at the start (or from zero when it is new); one that ended meanwhile is missed.
    const backendCpu = async (): Promise<Map<number, number>> => new Map((await backends()).map((pid) => [pid, cpuSeconds([pid])]));
    const measure = async (label: string, run: () => Promise<number[]>, clients = CLIENTS) => {
      process.stdout.write(`${label}...\n`);
      const before = cpuOf();
      const backendsBefore = await backendCpu();
      const started = Date.now();
      const samples = (await pool(clients * ROUNDS, clients, run)).flat();
      const seconds = (Date.now() - started) / 1000;
      const after = cpuOf();
      const backendsAfter = await backendCpu();
      after.postgres = [...backendsAfter].reduce((sum, [pid, cpu]) => sum + cpu - (backendsBefore.get(pid) ?? 0), 0);
      const perGroup = Object.fromEntries(Object.keys(groups).map((name) => [name, after[name] - before[name]]));
      return { samples, seconds, cpu: perGroup['mcp-server'], perGroup, iterations: clients * ROUNDS };
    };
    // nats-server is shared with other work on the machine, so its share is an upper bound.
    const cpuLine = (m: Awaited<ReturnType<typeof measure>>) =>
      Object.entries(m.perGroup).map(([name, s]) => `${name} ${((s * 1000) / m.iterations).toFixed(1)}`).join(', ');
    const connect = await measure('initialize + tools/list', async () => [await initialize(), await toolsList()]);
    const discovery = await measure('get_discovery_context', async () => [await packet()]);
    // One client alone: the latency without queueing behind the other nine (what one agent sees).
    const alone = await measure('get_discovery_context, one client', async () => [await initialize(), await toolsList(), await packet()], 1);

    const init = connect.samples.filter((_s, i) => i % 2 === 0).sort((a, b) => a - b);
    const list = connect.samples.filter((_s, i) => i % 2 === 1).sort((a, b) => a - b);
    const both = connect.samples.reduce<number[]>((pairs, s, i) => (i % 2 ? (pairs[pairs.length - 1] += s, pairs) : [...pairs, s]), []).sort((a, b) => a - b);
    const ctx = [...discovery.samples].sort((a, b) => a - b);
    const aloneList = alone.samples.filter((_s, i) => i % 3 === 1).sort((a, b) => a - b);
    const aloneCtx = alone.samples.filter((_s, i) => i % 3 === 2).sort((a, b) => a - b);
    const memory = memoryOf(mcp.pid);
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
    const verdict = (value: number, target: number) => `${ms(value)} (target ≤ ${target} ms: ${value <= target ? 'met' : 'not met'})`;
    const markdown = [
      '## MCP (`npm run bench:mcp`)',
      '',
      `Distributed run (api-gateway, strategy-discovery, delivery-intake, repo-receiver, mcp-server, PostgreSQL, NATS) on one organization with ${WORK_ITEMS} work items, ${OPPORTUNITIES} opportunities, ${INTERVIEWS} interviews with 20,000-character transcripts and ${INSIGHTS} insights (seeded over REST in ${seedSeconds.toFixed(0)} s${kept ? '; the database was kept from an earlier run, BENCH_MCP_KEEP=1' : ''}); the focus opportunity has ${FOCUS_INSIGHTS} insights and ${FOCUS_WORK_ITEMS} work items, each with a branch and ${COMMITS_PER_ITEM} commits pushed to the repo-receiver. ${CLIENTS} concurrent clients, closed loop, ${CLIENTS * ROUNDS} iterations per measure after a warm-up; raw JSON-RPC POSTs over keep-alive connections with an \`x-api-key\`. Measured ${new Date().toISOString().slice(0, 10)} on the project machine (2 cores shared by PostgreSQL, NATS, every app and the load generator; the load average below says what else ran).`,
      '',
      '| Measure | p50 | p99 |',
      '|---|---|---|',
      `| \`initialize\` | ${ms(percentile(init, 50))} | ${ms(percentile(init, 99))} |`,
      `| \`tools/list\` | ${verdict(percentile(list, 50), 20)} | ${ms(percentile(list, 99))} |`,
      `| \`initialize\` + \`tools/list\` (one connect) | ${ms(percentile(both, 50))} | ${ms(percentile(both, 99))} |`,
      `| \`get_discovery_context\` (brief) | ${verdict(percentile(ctx, 50), 50)} | ${verdict(percentile(ctx, 99), 150)} |`,
      `| one client alone: \`tools/list\` | ${ms(percentile(aloneList, 50))} | ${ms(percentile(aloneList, 99))} |`,
      `| one client alone: \`get_discovery_context\` (brief) | ${ms(percentile(aloneCtx, 50))} | ${ms(percentile(aloneCtx, 99))} |`,
      '',
      `Throughput: ${Math.round(connect.samples.length / connect.seconds)} MCP requests/s while connecting, ${Math.round(discovery.samples.length / discovery.seconds)} packets/s. mcp-server CPU: ${connect.cpu.toFixed(1)} s and ${discovery.cpu.toFixed(1)} s for the two measures. CPU ms per iteration while connecting: ${cpuLine(connect)}; per packet: ${cpuLine(discovery)} (postgres: the backends of this run's database; nats-server serves other work on the machine too). mcp-server memory RSS at the end ${memory.rss} MiB (peak ${memory.peak} MiB). The brief packet of the focus is ${packetChars} characters and shows ${shown.length} work items with ${shownCommits} commits. Load average at the end (1 / 5 / 15 min): ${load}.`,
    ].join('\n');
    process.stdout.write(`${markdown}\n`);
    process.stdout.write(`written to ${writeBenchmarkBlock('mcp', markdown)}\n`);
  } finally {
    await stopProcesses(children);
    agent.destroy();
    if (!KEEP) await scratch.drop().catch(() => undefined);
    await deleteStreams(`bench_${suffix}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
