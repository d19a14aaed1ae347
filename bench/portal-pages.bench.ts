/**
 * `npm run bench:portal`: the portal's list page (/portal/{slug}) of an organization with 10,000
 * public submissions, in both runs (gateway + delivery-intake over NATS, and standalone):
 * offered at a fixed 200 pages/s (p50/p99 against the 30 ms), then the closed-loop ceiling
 * at 50 concurrent clients for the page and for the JSON list it is built from
 * (/public/portals/{slug}/intake). Requests rotate over the newest and most-voted orders, a kind
 * and a stage filter, and later pages by cursor; conditional requests are not sent, so every page
 * is read through the portal's messages. Writes docs/benchmarks.md (block "portal-pages").
 */
import { CpuGroup, createOrganizations, loadAverage, publishResults, runBench, startStack } from './paired';
import { Portal, openPortal, pagePaths, seedPortal } from './portal-seed';
import { load } from './support';

const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const OFFERED_RATE = 200;
const CLIENTS = 50;
const P99_TARGET_MS = 30;
/** The processes that serve a page in each run. */
const CPU_SHOWN = { distributed: ['gateway', 'delivery-intake', 'nats-server', 'postgres'], standalone: ['standalone'] } as const;

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
    await Promise.all([seedPortal(portals.distributed, SUBMISSIONS), seedPortal(portals.standalone, SUBMISSIONS)]);
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
        `- ${name}: p99 at ${OFFERED_RATE} pages/s ${offered.p99} ms (target ≤ ${P99_TARGET_MS} ms: ${offered.p99 <= P99_TARGET_MS && (offered.non2xx + offered.errors) === 0 ? 'met' : 'MISSED'}; generator loop delay max ${offered.generatorDelay?.max ?? '–'} ms); ` +
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
