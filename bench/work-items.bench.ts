/**
 * `npm run bench`: GET /work-items/{key} on 1,000 items through the distributed path (gateway →
 * NATS → delivery-intake → PostgreSQL, real key authentication, rate limit raised) and through
 * standalone, against the reference (bench/reference-server.ts: bare Fastify + pg, prepared
 * statements, concurrent lookups batched as the service batches them) on the same table. Rounds
 * alternate the three (bench/paired.ts); `BENCH_NATS=private` runs NATS with the apps' permissions.
 * Writes docs/benchmarks.md (block "work-items").
 */
import { RequestPlan, benchItem, comparePath, createOrganizations, loadAverage, publishResults, renderResults, runBench, seedItems, startStack } from './paired';

const ITEMS = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function byKey(apiKey: string): RequestPlan {
  let next = 0;
  return { method: 'GET', next: () => ({ path: `/api/v1/work-items/WI-${(next++ % ITEMS) + 1}`, apiKey }) };
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
    await Promise.all([
      seedItems(stack.urls.distributed, organization.apiKey, ITEMS, (i) => benchItem(i)),
      seedItems(stack.urls.standalone, standaloneOrganization.apiKey, ITEMS, (i) => benchItem(i)),
    ]);
    await stack.startReference([organization]);
    const result = await comparePath(
      stack,
      'GET /work-items/{key}',
      { distributed: { ratio: 0.8, p99: 15 }, standalone: { ratio: 0.6 }, standaloneRss: 450 },
      { postgres: byKey(organization.apiKey), standalone: byKey(standaloneOrganization.apiKey) },
      SECONDS,
    );
    const markdown = renderResults(
      'GET /api/v1/work-items/{key}',
      `${ITEMS} work items in one organization, keys rotating.`,
      stack,
      SECONDS,
      [result],
      loadAtStart,
    );
    publishResults('work-items', markdown);
  } finally {
    await stack.stop();
  }
}

runBench(main);
