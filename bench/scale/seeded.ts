/**
 * The seeded scale data set, kept between runs: its description (groups, API keys, seed time) sits
 * beside the cluster (SCALE_DIR/seed.json), so a kept cluster is reused when the sizes asked for are
 * the ones seeded, and re-seeded otherwise (or with SCALE_RESEED=1).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { SCALE_DATABASE, SCALE_DIR, ScaleCluster, migrateScaleDatabase } from './cluster';
import { DEFAULT_GROUPS, SeedReport, seedScale } from './seed';

const stateFile = path.join(SCALE_DIR, 'seed.json');

export interface SeededData extends SeedReport {
  /** Bytes of the cluster directory right after the seed. */
  diskBytes: number;
  reused: boolean;
}

export async function ensureSeeded(cluster: ScaleCluster, log: (line: string) => void): Promise<SeededData> {
  const groups = DEFAULT_GROUPS();
  if (existsSync(stateFile) && process.env.SCALE_RESEED !== '1') {
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as SeededData;
    if (JSON.stringify(state.groups) === JSON.stringify(groups)) {
      log(`reusing the seeded data set (${groups.map((g) => `${g.name}: ${g.organizations} × ${g.items}`).join(', ')})`);
      // The migrations written since the seed, so that a kept seed is measured with the schema of the code measured.
      await migrateScaleDatabase(cluster.url);
      return { ...state, reused: true };
    }
  }
  const admin = new Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${SCALE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${SCALE_DATABASE}`);
  } finally {
    await admin.end();
  }
  log(`seeding ${groups.map((g) => `${g.name}: ${g.organizations} × ${g.items}`).join(', ')}...`);
  const report = await seedScale(cluster.url, groups, log);
  const seeded: SeededData = { ...report, diskBytes: cluster.diskBytes(), reused: false };
  writeFileSync(stateFile, JSON.stringify(seeded, null, 2));
  log(`seeded in ${Math.round(report.seconds)} s; cluster directory ${(seeded.diskBytes / 1024 ** 3).toFixed(2)} GiB`);
  return seeded;
}
