import { Client } from 'pg';
import e2eGlobalSetup from '../e2e/support/global-setup';
import { operatorClient } from '../e2e/support/client';
import { PrivatePostgres, startPrivatePostgres } from '../e2e/support/private-postgres';
import { stackInfo } from '../e2e/support/stack-info';
import { JudgedWindow } from './plan-walker';
import { PLANS_POSTGRES_SETTINGS, writeLargeOrganization } from './plans-stack';
import { expireTrashStatements, seedStatements, seedTenants } from './seed';

declare global {
  var __PLANS_POSTGRES__: { postgres: PrivatePostgres; databaseUrl: string; startedAt: number; judged?: JudgedWindow } | undefined;
}

/** Work items of the large organization; every other table is sized from it (test/plans/seed.ts). */
const LARGE_ITEMS = Number(process.env.PLANS_SEED_ITEMS ?? 15_000);

async function onDatabase(url: string, statements: string[]): Promise<void> {
  const db = new Client({ connectionString: url, application_name: 'plans-seed' });
  await db.connect();
  try {
    // The seed's own statements are not the services': no plans for them.
    await db.query('SET auto_explain.log_min_duration = -1');
    for (const statement of statements) await db.query(statement);
  } finally {
    await db.end();
  }
}

/** Plans are judged from here on (plan-walker.ts, isJudged): the cluster's clock as its jsonlog writes it. */
async function judgedFromNow(url: string): Promise<JudgedWindow> {
  const db = new Client({ connectionString: url, application_name: 'plans-seed' });
  await db.connect();
  try {
    const { rows } = await db.query<JudgedWindow>(
      `SELECT current_database() AS database,
              to_char(clock_timestamp() AT TIME ZONE current_setting('log_timezone'), 'YYYY-MM-DD HH24:MI:SS.MS') AS since`,
    );
    return rows[0];
  } finally {
    await db.end();
  }
}

/**
 * The distributed stack of the e2e suite, on a private cluster that logs every plan, with the
 * large organization and its neighbours seeded in bulk before any spec runs.
 */
export default async function globalSetup(): Promise<void> {
  const startedAt = Date.now();
  const postgres = await startPrivatePostgres(PLANS_POSTGRES_SETTINGS);
  process.env.E2E_MODE = 'distributed';
  process.env.E2E_DATABASE_ADMIN_URL = postgres.adminUrl;
  // The trash purge's and the retention prunes' first runs come before the seed: later runs plan
  // them over the seeded tables.
  process.env.E2E_APP_ENV = JSON.stringify({ TRASH_PURGE_INTERVAL_MS: '15000', RETENTION_PRUNE_INTERVAL_MS: '15000' });
  try {
    await e2eGlobalSetup();
  } catch (error) {
    await postgres.remove();
    throw error;
  }
  const info = stackInfo();
  globalThis.__PLANS_POSTGRES__ = { postgres, databaseUrl: info.databaseUrl!, startedAt };
  const created = await operatorClient().post('/operator/organizations', { name: 'Large Seeded Organization', adminEmail: 'admin@large.example.com' });
  if (created.status !== 200) throw new Error(`large organization: ${created.status} ${created.text}`);
  const { organization, user, apiKey } = created.body;

  const seedStart = Date.now();
  const { prelude, groups } = seedStatements(seedTenants(organization.id, LARGE_ITEMS));
  // One connection per group: on a loaded machine the seed's backends get more of the CPU together.
  await Promise.all(groups.map((group) => onDatabase(info.databaseUrl!, [...prelude, ...group])));
  await onDatabase(info.databaseUrl!, [
    `UPDATE identity.organizations SET portal_enabled = true WHERE id = '${organization.id}'`,
    // VACUUM as well: autovacuum sets the visibility map of tables at rest in production, which
    // index-only scans need. Left to the cluster's autovacuum, whether it had reached a table before
    // a spec ran changed plans from run to run (the comments' newest-first edge scanned the table
    // when its index-only walk would have had to visit the heap).
    'VACUUM (ANALYZE)',
    'CREATE EXTENSION IF NOT EXISTS pg_stat_statements',
    'SELECT pg_stat_statements_reset()',
  ]);
  globalThis.__PLANS_POSTGRES__.judged = await judgedFromNow(info.databaseUrl!);
  // After the judging begins: the purges of the run (every 15 s) then remove it under judgement.
  await onDatabase(info.databaseUrl!, expireTrashStatements());
  process.stdout.write(`plans: seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s\n`);
  writeLargeOrganization({ id: organization.id, slug: organization.slug, apiKey, adminId: user.id, items: LARGE_ITEMS });
}
