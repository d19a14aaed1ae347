import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createOrganization } from './support/client';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { data, discoveryFixture, withKey } from './support/mcp';
import { samples, scrape } from './support/metrics';
import { stackInfo } from './support/stack-info';

const BUS_REQUESTS = 'pds_bus_request_duration_seconds_count';

/**
 * A stack of the file's own: on the shared one, every other file's requests (a poll every 100 ms
 * somewhere) land in the same counters. Distributed: every app a packet reaches, and the gateway
 * for the key lookup.
 */
let stack: IsolatedStack;
const APPS = ['api-gateway', 'mcp-server', 'delivery-intake', 'strategy-discovery', 'repo-receiver'] as const;
const appUrls = () => (stackInfo().mode === 'standalone' ? [stack.url] : APPS.map((app) => stack.appUrl(app)));

/** Bus requests sent so far by every app of the stack, by subject. */
async function busRequests(): Promise<Map<string, number>> {
  const texts = await Promise.all(appUrls().map(scrape));
  const bySubject = new Map<string, number>();
  for (const text of texts) for (const { labels, value } of samples(text, BUS_REQUESTS)) bySubject.set(labels.subject, (bySubject.get(labels.subject) ?? 0) + value);
  return bySubject;
}

/**
 * The bus requests one call causes, by subject. The stack is the file's own, but the fixture's
 * events are still being consumed in the background for a moment (and could only add to a count):
 * the fewest of several tries is the call's own, taken as soon as two tries agree on it.
 */
async function requestsOf(call: () => Promise<unknown>, tries = 20): Promise<Record<string, number>> {
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  let fewest: Record<string, number> | undefined;
  for (let i = 0; i < tries; i++) {
    const before = await busRequests();
    await call();
    const after = await busRequests();
    const delta = Object.fromEntries([...after].map(([subject, n]) => [subject, n - (before.get(subject) ?? 0)]).filter(([, n]) => Number(n) > 0));
    if (fewest && JSON.stringify(delta) === JSON.stringify(fewest)) return fewest;
    if (!fewest || total(delta) < total(fewest)) fewest = delta;
  }
  return fewest ?? {};
}

describe('bus requests of a brief get_discovery_context packet (at most 5)', () => {
  let client: Client;
  let fx: Awaited<ReturnType<typeof discoveryFixture>>;

  beforeAll(async () => {
    stack = await startIsolatedStack({ apps: [...APPS] });
    const org = await createOrganization(undefined, stack.url);
    // Six work items, one blocked: the page shows five with their blockers and artifacts.
    fx = await discoveryFixture(org.api, { insightCount: 7, workItemCount: 6 });
    const mcpUrl = `${stackInfo().mode === 'standalone' ? stack.url : stack.appUrl('mcp-server')}/mcp`;
    client = await withKey(org.apiKey, mcpUrl);
    await data(client, 'whoami', {}); // the key is verified (and cached) before anything is counted
  }, 180_000);
  afterAll(async () => {
    await client?.close();
    await stack?.stop();
  });

  it('by key: the focus, the strategy graph, the work items with their blockers, their artifacts — 4 requests', async () => {
    const counts = await requestsOf(() => data(client, 'get_discovery_context', { ref: fx.opportunity.key }));
    expect(counts).toEqual({
      'strategy.opportunity.get': 1,
      'strategy.discovery.graph': 1,
      'delivery.discovery.work-items': 1,
      'repos.artifact.by-work-items': 1,
    });
  });

  it('by uuid: one request gathers the contexts that own records to locate it — 4 requests', async () => {
    const counts = await requestsOf(() => data(client, 'get_discovery_context', { ref: fx.opportunity.id }));
    expect(counts).toEqual({
      'records.locate': 1,
      'strategy.discovery.graph': 1,
      'delivery.discovery.work-items': 1,
      'repos.artifact.by-work-items': 1,
    });
  });

  it('a work item in focus: what it names comes with the strategy graph, its artifacts with those of the items below it', async () => {
    const counts = await requestsOf(() => data(client, 'get_discovery_context', { ref: fx.workItems[0].key }));
    expect(counts).toEqual({
      'delivery.work-item.get': 1,
      'strategy.discovery.graph': 1,
      'delivery.discovery.work-items': 1,
      'repos.artifact.by-work-items': 1,
    });
  });

  it.each([
    ['an OKR by key', () => fx.ckr.key],
    ['an experiment by key', () => fx.experiment.key],
    ['a solution by uuid', () => fx.solution.id],
    ['an insight by uuid', () => fx.insights[0].id],
    ['an interview by uuid', () => fx.interview.id],
    ['a product goal by uuid', () => fx.productGoal.id],
    ['an annual goal by uuid', () => fx.annualGoal.id],
  ])('%s: at most 4, and no read per record or per level', async (_name, ref) => {
    const counts = await requestsOf(() => data(client, 'get_discovery_context', { ref: ref() }));
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(2);
    expect(total).toBeLessThanOrEqual(4);
    // A key is read by its own subject, once; a uuid by one gathered locate; nothing else is a get or a list.
    const reads = Object.entries(counts).filter(([subject]) => /\.(get|list|locate)$/.test(subject));
    expect(reads).toEqual([[expect.stringMatching(/^(records\.locate|strategy\.(ckr|experiment)\.get)$/), 1]]);
  });
});
