/**
 * `npm run bench:lists`: GET /work-items?status=…&limit=50 in an organization of 10,000 work items,
 * first pages and pages further on (cursors taken by walking each list), through the distributed
 * path and standalone against the reference's same query (bench/paired.ts). Writes
 * docs/benchmarks.md (block "work-item-lists").
 */
import { RequestPlan, benchItem, comparePath, createOrganizations, loadAverage, publishResults, renderResults, runBench, seedItems, startStack } from './paired';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE = 50;
/** Seeded statuses, in turn: each holds a fifth of the items. */
const STATUSES = ['BACKLOG', 'TODO', 'IN_PROGRESS', 'IN_REVIEW', 'DONE'];
/** The filters requested: one status, or a board column pair. */
const FILTERS = ['TODO', 'IN_PROGRESS', 'IN_REVIEW', 'DONE', 'IN_PROGRESS,IN_REVIEW'];
const PAGES_PER_FILTER = 5;

/** The first PAGES_PER_FILTER pages of each filter, each page's path as the API's next link gives it. */
async function pagePaths(baseUrl: string, apiKey: string): Promise<string[]> {
  const paths: string[] = [];
  for (const filter of FILTERS) {
    let next: string | null = `/api/v1/work-items?status=${filter}&limit=${PAGE}`;
    for (let page = 0; page < PAGES_PER_FILTER && next; page += 1) {
      const response: Response = await fetch(`${baseUrl}${next}`, { headers: { 'x-api-key': apiKey } });
      const items = (await response.json()) as unknown[];
      if (!response.ok || items.length !== PAGE) throw new Error(`listing ${next} failed: ${response.status}, ${items.length} items`);
      paths.push(next);
      const cursor = response.headers.get('x-next-cursor');
      next = cursor ? `/api/v1/work-items?status=${filter}&limit=${PAGE}&cursor=${cursor}` : null;
    }
  }
  return paths;
}

function rotating(paths: string[], apiKey: string): RequestPlan {
  let next = 0;
  return { method: 'GET', next: () => ({ path: paths[next++ % paths.length], apiKey }) };
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const stack = await startStack();
  try {
    const [[organization], [standaloneOrganization]] = await Promise.all([
      createOrganizations(stack.urls.distributed, stack.operatorToken, 1),
      createOrganizations(stack.urls.standalone, stack.operatorToken, 1),
    ]);
    process.stdout.write(`seeding ${ITEMS} work items on each...\n`);
    const started = Date.now();
    const item = (i: number) => benchItem(i, { status: STATUSES[i % STATUSES.length] });
    await Promise.all([
      seedItems(stack.urls.distributed, organization.apiKey, ITEMS, item),
      seedItems(stack.urls.standalone, standaloneOrganization.apiKey, ITEMS, item),
    ]);
    const seedSeconds = (Date.now() - started) / 1000;
    await stack.db.query('ANALYZE delivery.work_items');
    await stack.startReference([organization]);
    const [paths, standalonePaths] = await Promise.all([
      pagePaths(stack.urls.distributed, organization.apiKey),
      pagePaths(stack.urls.standalone, standaloneOrganization.apiKey),
    ]);
    const result = await comparePath(
      stack,
      `GET /work-items?status=…&limit=${PAGE}`,
      { distributed: { ratio: 0.6, p99: 50 }, standalone: { ratio: 0.6 }, standaloneRss: 450 },
      { postgres: rotating(paths, organization.apiKey), standalone: rotating(standalonePaths, standaloneOrganization.apiKey) },
      SECONDS,
    );
    const markdown = renderResults(
      `GET /api/v1/work-items?status=…&limit=${PAGE}`,
      `${ITEMS} work items in one organization (statuses ${STATUSES.join(', ')} in turn), seeded through the API on both stores in ${Math.round(seedSeconds)} s. ` +
        `Requests rotate over the first ${PAGES_PER_FILTER} pages of each of the filters status=${FILTERS.join(' | ')} (pages after the first by the cursor the API handed out).`,
      stack,
      SECONDS,
      [result],
      loadAtStart,
    );
    publishResults('work-item-lists', markdown);
  } finally {
    await stack.stop();
  }
}

runBench(main);
