/**
 * `npm run bench:writes`: POST /work-items (one organization, then ten) and PATCH /work-items/{id}
 * status changes (each request a real change, so each writes work_item.status_changed) through the
 * distributed path and standalone against the reference's same transactions (bench/paired.ts).
 * Counts the outbox events each PostgreSQL run wrote, per request. Writes docs/benchmarks.md (block
 * "work-item-writes").
 */
import { BenchStack, RequestPlan, benchItem, comparePath, createOrganizations, loadAverage, publishResults, renderResults, runBench, seedItems, startStack } from './paired';

const ITEMS = 1000;
const ORGANIZATIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CREATE_BODY = JSON.stringify(benchItem(0, { title: 'Bench item' }));

function creates(apiKeys: string[]): RequestPlan {
  let next = 0;
  return { method: 'POST', next: () => ({ path: '/api/v1/work-items', apiKey: apiKeys[next++ % apiKeys.length], body: CREATE_BODY }) };
}

/**
 * Items in turn, each toggling between two statuses; the seeded status is neither, and an item
 * comes round again only after every other item, long after its previous change has committed.
 */
function statusChanges(ids: string[], apiKey: string): RequestPlan {
  let next = 0;
  const visits = new Uint32Array(ids.length);
  return {
    method: 'PATCH',
    next: () => {
      const i = next++ % ids.length;
      const status = visits[i]++ % 2 === 0 ? 'IN_PROGRESS' : 'IN_REVIEW';
      return { path: `/api/v1/work-items/${ids[i]}`, apiKey, body: `{"status":"${status}"}` };
    },
  };
}

const outboxEvents = (stack: BenchStack, type: string) => async () =>
  Number((await stack.db.query<{ n: string }>('SELECT count(*) AS n FROM delivery.outbox WHERE event_type = $1', [type])).rows[0].n);

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const stack = await startStack();
  try {
    const [organizations, standaloneOrganizations] = await Promise.all([
      createOrganizations(stack.urls.distributed, stack.operatorToken, ORGANIZATIONS),
      createOrganizations(stack.urls.standalone, stack.operatorToken, ORGANIZATIONS),
    ]);
    process.stdout.write(`seeding ${ITEMS} work items on each...\n`);
    const item = (i: number) => benchItem(i, { status: 'TODO' });
    const [ids, standaloneIds] = await Promise.all([
      seedItems(stack.urls.distributed, organizations[0].apiKey, ITEMS, item),
      seedItems(stack.urls.standalone, standaloneOrganizations[0].apiKey, ITEMS, item),
    ]);
    await stack.startReference(organizations);
    const targets = { distributed: { ratio: 0.5, p99: 50 }, standalone: { ratio: 0.6 }, standaloneRss: 450 };
    const keys = (orgs: { apiKey: string }[]) => orgs.map((o) => o.apiKey);
    const created = { label: 'work_item.created outbox events', count: outboxEvents(stack, 'work_item.created') };
    const results = [
      await comparePath(
        stack,
        'POST /work-items, one organization',
        targets,
        { postgres: creates(keys(organizations.slice(0, 1))), standalone: creates(keys(standaloneOrganizations.slice(0, 1))) },
        SECONDS,
        created,
      ),
      await comparePath(
        stack,
        `POST /work-items, ${ORGANIZATIONS} organizations`,
        targets,
        { postgres: creates(keys(organizations)), standalone: creates(keys(standaloneOrganizations)) },
        SECONDS,
        created,
      ),
      await comparePath(
        stack,
        'PATCH /work-items/{id} status',
        targets,
        { postgres: statusChanges(ids, organizations[0].apiKey), standalone: statusChanges(standaloneIds, standaloneOrganizations[0].apiKey) },
        SECONDS,
        { label: 'work_item.status_changed outbox events', count: outboxEvents(stack, 'work_item.status_changed') },
      ),
    ];
    const markdown = renderResults(
      'POST /api/v1/work-items and PATCH /api/v1/work-items/{id} (status)',
      `Creates: the same body each time (titles repeat), through one organization's key, then through ${ORGANIZATIONS} organizations' keys in turn. ` +
        `Status changes: ${ITEMS} items of one organization in turn, each toggling between IN_PROGRESS and IN_REVIEW, so every request is a real change with its events. ` +
        `The reference's outbox rows are published by delivery-intake's relay like the service's own (see the method).`,
      stack,
      SECONDS,
      results,
      loadAtStart,
    );
    publishResults('work-item-writes', markdown);
  } finally {
    await stack.stop();
  }
}

runBench(main);
