/**
 * The scale benchmark's own PostgreSQL cluster: `initdb` in a fixed directory (BENCH_SCALE_DIR,
 * default /var/tmp/pds-bench-scale) with the machine's binaries, its own port, pg_stat_statements
 * preloaded. The seeded data outlives a run when BENCH_KEEP=1 (the seed takes minutes); the cluster
 * is always stopped at the end, so nothing of it keeps running. Nothing shared is restarted.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations, connectPostgres } from '@pds/persistence';

export const SCALE_DIR = process.env.BENCH_SCALE_DIR ?? '/var/tmp/pds-bench-scale';
export const SCALE_PORT = Number(process.env.BENCH_SCALE_PG_PORT ?? 43010);
export const SCALE_DATABASE = 'pds_scale';

function binary(name: string): string {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return path.join(root, version, 'bin', name);
}

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
const asPostgres = (command: string, args: string[]): [string, string[]] => (process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]);

export interface ScaleCluster {
  adminUrl: string;
  url: string;
  dataDir: string;
  /** Bytes on disk of the cluster's directory. */
  diskBytes(): number;
  stop(): void;
}

const SETTINGS = [
  'listen_addresses=127.0.0.1',
  'shared_preload_libraries=pg_stat_statements',
  'pg_stat_statements.track=all',
  'max_connections=300',
  'shared_buffers=2GB',
  'effective_cache_size=8GB',
  'work_mem=16MB',
  'maintenance_work_mem=1GB',
  'max_wal_size=8GB',
  // A scratch cluster: losing it in a crash costs a re-seed, not data.
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
];

export async function startScaleCluster(): Promise<ScaleCluster> {
  const data = path.join(SCALE_DIR, 'data');
  const socketDir = path.join(SCALE_DIR, 'socket');
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    rmSync(SCALE_DIR, { recursive: true, force: true });
    mkdirSync(socketDir, { recursive: true });
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(SCALE_DIR, uid, gid);
      chownSync(socketDir, uid, gid);
    }
    execFileSync(...asPostgres(binary('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']), { stdio: 'ignore' });
  }
  const pgCtl = (...args: string[]) => execFileSync(...asPostgres(binary('pg_ctl'), ['-D', data, ...args]), { stdio: 'ignore' });
  const running = (() => {
    try {
      pgCtl('status');
      return true;
    } catch {
      return false;
    }
  })();
  if (!running) {
    const options = [`-p ${SCALE_PORT}`, `-k ${socketDir}`, ...SETTINGS.map((s) => `-c ${s}`)].join(' ');
    pgCtl('-o', options, '-l', path.join(SCALE_DIR, 'server.log'), '-w', '-t', '120', 'start');
  }
  const adminUrl = `postgresql://postgres@127.0.0.1:${SCALE_PORT}/postgres`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [SCALE_DATABASE]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${SCALE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    adminUrl,
    url: `postgresql://postgres@127.0.0.1:${SCALE_PORT}/${SCALE_DATABASE}`,
    dataDir: data,
    diskBytes: () => Number(execFileSync('du', ['-sb', SCALE_DIR]).toString().split('\t')[0]),
    stop: () => pgCtl('-m', 'fast', '-w', '-t', '120', 'stop'),
  };
}

/** Removes the cluster's directory (a run without BENCH_KEEP=1 leaves nothing behind). */
export function removeScaleCluster(): void {
  rmSync(SCALE_DIR, { recursive: true, force: true });
}

/** The migrations not yet applied to the scale database at `url`: a new seed's schema, or a kept seed's catching up with the code measured. */
export async function migrateScaleDatabase(url: string): Promise<void> {
  const migrator = connectPostgres({ url, poolSize: 2, applicationName: 'pds-scale-migrate' });
  try {
    await applyMigrations(migrator);
  } finally {
    await migrator.close();
  }
}
