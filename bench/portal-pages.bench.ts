/**
 * `npm run bench:portal`: the portal's list page (/portal/{slug}) of an organization with 10,000
 * public submissions, in both runs (gateway + delivery-intake over NATS, and standalone):
 * offered at a fixed 200 pages/s (p50/p99 against the issue's 30 ms), then the closed-loop ceiling
 * at 50 concurrent clients for the page and for the JSON list it is built from
 * (/public/portals/{slug}/intake). Requests rotate over the newest and most-voted orders, a kind
 * and a stage filter, and later pages by cursor; conditional requests are not sent, so every page
 * is read through the portal's messages. Writes docs/benchmarks.md (block "portal-pages").
 */
import { CpuGroup, createOrganizations, loadAverage, publishResults, runBench, startStack } from './paired';
import { load } from './support';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const OFFERED_RATE = 200;
const CLIENTS = 50;
const P99_TARGET_MS = 30;
/** The processes that serve a page in each run. */
const CPU_SHOWN = { distributed: ['gateway', 'delivery-intake', 'nats-server', 'postgres'], standalone: ['standalone'] } as const;

interface Portal {
  baseUrl: string;
  slug: string;
}

async function openPortal(baseUrl: string, apiKey: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/organization`, {
    method: 'PATCH',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ portalEnabled: true }),
  });
  if (!response.ok) throw new Error(`turning the portal on failed: ${response.status}`);
  return ((await response.json()) as { slug: string }).slug;
}

/** Submissions through the JSON portal, 32 at a time; every tenth gets a vote, so the most-voted order differs from the newest. */
async function seed({ baseUrl, slug }: Portal): Promise<void> {
  let next = 0;
  // On a loaded machine a request may time out behind the bus (503) or wait too long for a
  // transaction (500): it is sent again; a vote that was counted after all is then refused (409),
  // which is as good as counted (a submission stored twice only makes the list longer).
  const post = async (path: string, body: object, client: string): Promise<{ key?: string }> => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(`${baseUrl}/public/portals/${slug}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: JSON.stringify(body),
      });
      if (response.ok) return (await response.json()) as { key: string };
      if (attempt > 1 && response.status === 409) return {};
      if ((response.status !== 503 && response.status !== 500) || attempt === 20) throw new Error(`seeding ${path} failed: ${response.status} ${await response.text()}`);
      await response.text();
    }
  };
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < SUBMISSIONS) {
        const i = next++;
        const { key } = await post('/intake', {
          kind: i % 3 === 0 ? 'BUG' : 'IMPROVEMENT',
          title: `Portal idea ${i}: make the weekly report easier to share`,
          description: 'We export the numbers every Monday and paste them into a slide. A shareable link would save everyone the copy and paste. '.repeat(3),
          submitterName: 'Bench Stakeholder',
          submitterEmail: `stakeholder${i}@example.com`,
        }, '198.51.100.1');
        // One client address votes once per submission (the bench's apps trust no proxy).
        if (i % 10 === 0) await post(`/intake/${key as string}/votes`, { email: `voter${i}@example.com` }, '203.0.113.1');
      }
    }),
  );
}

/** The paths requested in turn: first pages of four views, and pages 2–4 of the newest order by cursor. */
async function pagePaths({ baseUrl, slug }: Portal, prefix: string): Promise<string[]> {
  const join = (query: string) => (query ? `${prefix}${prefix.includes('?') ? '&' : '?'}${query}` : prefix);
  const paths = ['', 'sort=votes', 'kind=BUG', 'stage=SUBMITTED&sort=votes'].map(join);
  let cursor: string | null = null;
  for (let page = 0; page < 4; page += 1) {
    const response: Response = await fetch(`${baseUrl}/public/portals/${slug}/intake?sort=newest&limit=20${cursor ? `&cursor=${cursor}` : ''}`);
    cursor = response.headers.get('x-next-cursor');
    if (!cursor) throw new Error('the list ended early');
    if (page > 0) paths.push(join(`sort=newest&cursor=${encodeURIComponent(cursor)}`));
  }
  return paths;
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const stack = await startStack();
  try {
    const [[distributedOrg], [standaloneOrg]] = await Promise.all([
      createOrganizations(stack.urls.distributed, stack.operatorToken, 1),
      createOrganizations(stack.urls.standalone, stack.operatorToken, 1),
    ]);
    const portals: Record<'distributed' | 'standalone', Portal> = {
      distributed: { baseUrl: stack.urls.distributed, slug: await openPortal(stack.urls.distributed, distributedOrg.apiKey) },
      standalone: { baseUrl: stack.urls.standalone, slug: await openPortal(stack.urls.standalone, standaloneOrg.apiKey) },
    };
    process.stdout.write(`seeding ${SUBMISSIONS} submissions on each...\n`);
    const started = Date.now();
    await Promise.all([seed(portals.distributed), seed(portals.standalone)]);
    const seedSeconds = Math.round((Date.now() - started) / 1000);
    await stack.db.query('ANALYZE delivery.intake_submissions');

    const rows: string[] = [];
    const cpuRows: string[] = [];
    const verdicts: string[] = [];
    for (const name of ['distributed', 'standalone'] as const) {
      const portal = portals[name];
      const pages = await pagePaths(portal, `/portal/${portal.slug}`);
      const json = await pagePaths(portal, `/public/portals/${portal.slug}/intake?limit=20`);
      // The CPU each process spent per page answered, around the measured part of a load.
      let cpu: Record<CpuGroup, number> | undefined;
      const metered = async <T>(run: () => Promise<T>): Promise<T> => {
        const { result, cpu: spent } = await stack.cpuDuring(run);
        cpu = spent;
        return result;
      };
      const perPage = (requests: number) => (CPU_SHOWN[name] as readonly CpuGroup[]).map((group) => `${group} ${Math.round(((cpu?.[group] ?? 0) * 1e6) / Math.max(1, requests))}`).join(', ');
      process.stdout.write(`${name}: ${OFFERED_RATE} pages/s offered...\n`);
      const offered = await load(portal.baseUrl, pages, {}, SECONDS, { rate: OFFERED_RATE, connections: 20, measured: metered });
      cpuRows.push(`| ${name} | page, ${OFFERED_RATE}/s offered | ${perPage(offered.requests)} |`);
      process.stdout.write(`${name}: closed loop, ${CLIENTS} clients...\n`);
      const ceiling = await load(portal.baseUrl, pages, {}, SECONDS, { connections: CLIENTS, measured: metered });
      cpuRows.push(`| ${name} | page, ${CLIENTS} clients | ${perPage(ceiling.requests)} |`);
      const jsonCeiling = await load(portal.baseUrl, json, {}, SECONDS, { connections: CLIENTS });
      rows.push(
        `| ${name} | page, ${OFFERED_RATE}/s offered | ${offered.requestsPerSecond} | ${offered.p50} | ${offered.p99} | ${(offered.non2xx + offered.errors)} |`,
        `| ${name} | page, ${CLIENTS} clients | ${ceiling.requestsPerSecond} | ${ceiling.p50} | ${ceiling.p99} | ${(ceiling.non2xx + ceiling.errors)} |`,
        `| ${name} | JSON list, ${CLIENTS} clients | ${jsonCeiling.requestsPerSecond} | ${jsonCeiling.p50} | ${jsonCeiling.p99} | ${(jsonCeiling.non2xx + jsonCeiling.errors)} |`,
      );
      verdicts.push(
        `- ${name}: p99 at ${OFFERED_RATE} pages/s ${offered.p99} ms (target ≤ ${P99_TARGET_MS} ms: ${offered.p99 <= P99_TARGET_MS && (offered.non2xx + offered.errors) === 0 ? 'met' : 'MISSED'}); ` +
          `ceiling ${ceiling.requestsPerSecond} pages/s, ${Math.round((100 * ceiling.requestsPerSecond) / Math.max(1, jsonCeiling.requestsPerSecond))} % of the JSON list's ${jsonCeiling.requestsPerSecond}/s.`,
      );
    }
    const markdown = [
      '### Portal list page (/portal/{slug})',
      '',
      `${SUBMISSIONS} public submissions in one organization per store (a third BUG, every tenth with a vote), seeded through the JSON portal in ${seedSeconds} s. ` +
        `Requests rotate over the newest and most-voted first pages, kind=BUG, stage=SUBMITTED by votes, and pages 2–4 by cursor; no If-None-Match, so every request reads through the portal's messages (identical reads reuse their rendered HTML: RenderCache). ` +
        `${SECONDS} s measured after 3 s of warm-up; load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' / ')} (2 cores shared).`,
      '',
      '| run | load | pages/s | p50 ms | p99 ms | failures |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
      ...verdicts,
      '',
      'CPU µs per page answered, per process, during the measured part (PostgreSQL: the distributed run\'s own backends):',
      '',
      '| run | load | CPU µs/page |',
      '|---|---|---|',
      ...cpuRows,
    ].join('\n');
    publishResults('portal-pages', markdown);
  } finally {
    await stack.stop();
  }
}

runBench(main);
