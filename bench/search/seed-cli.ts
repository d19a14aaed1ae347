/**
 * Seeds the search bench's scratch database (docs/benchmarks.md, "Search engine") with the scale
 * bench's statements: one organization of SEARCH_ITEMS work items (default 1,000,000) with its
 * comments, intake and discovery texts, beside SEARCH_MANY_ORGS small ones (default 999 × 300).
 *   npm run build && createdb pds_search_scratch && node dist/bench/search/seed-cli.js postgres://postgres@127.0.0.1:5432/pds_search_scratch
 */
import { seedScale } from '../scale/seed';

async function main(): Promise<void> {
  const url = process.argv[2];
  if (!url) throw new Error('usage: seed-cli.js DATABASE_URL (a scratch database: it is filled in bulk)');
  const report = await seedScale(url, [
    { name: 'large', organizations: 1, items: Number(process.env.SEARCH_ITEMS ?? 1_000_000), users: 200, rich: 'text' },
    { name: 'many', organizations: Number(process.env.SEARCH_MANY_ORGS ?? 999), items: Number(process.env.SEARCH_MANY_ITEMS ?? 300), users: 5, rich: false },
  ], (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`seeded in ${Math.round(report.seconds)} s; large organization ${report.organizations[0].organizationId}\n`);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
