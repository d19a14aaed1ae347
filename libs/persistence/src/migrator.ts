import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Database, SqlTransaction } from './database';
import { ALL_CONTEXTS, BoundedContext, migrationsDir, prismaRoot } from './contexts';

/** Arbitrary, fixed: every migrating process takes this advisory lock. */
const MIGRATION_LOCK_ID = 728_341_901;

export interface MigrationFile {
  context: BoundedContext;
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationStatus {
  context: BoundedContext;
  applied: string[];
  pending: string[];
}

export class MigrationChecksumError extends Error {}

export function readMigrations(context: BoundedContext, root = prismaRoot()): MigrationFile[] {
  const dir = migrationsDir(context, root);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(path.join(dir, name)).isDirectory())
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { context, name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** Same table and columns as `prisma migrate`, one per context schema. */
function historyTable(context: BoundedContext): string {
  return `"${context}"."_prisma_migrations"`;
}

async function ensureHistory(tx: SqlTransaction, context: BoundedContext): Promise<void> {
  await tx.exec(`
    CREATE SCHEMA IF NOT EXISTS "${context}";
    CREATE TABLE IF NOT EXISTS ${historyTable(context)} (
      id VARCHAR(36) PRIMARY KEY,
      checksum VARCHAR(64) NOT NULL,
      finished_at TIMESTAMPTZ,
      migration_name VARCHAR(255) NOT NULL,
      logs TEXT,
      rolled_back_at TIMESTAMPTZ,
      started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      applied_steps_count INTEGER NOT NULL DEFAULT 0
    );`);
}

async function appliedMigrations(
  db: Database,
  context: BoundedContext,
): Promise<Map<string, string>> {
  const rows = await db.transaction(async (tx) => {
    await ensureHistory(tx, context);
    return tx.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM ${historyTable(context)} WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
  });
  return new Map(rows.map((row) => [row.migration_name, row.checksum]));
}

export async function migrationStatus(
  db: Database,
  contexts: readonly BoundedContext[] = ALL_CONTEXTS,
  root = prismaRoot(),
): Promise<MigrationStatus[]> {
  const result: MigrationStatus[] = [];
  for (const context of contexts) {
    const applied = await appliedMigrations(db, context);
    const files = readMigrations(context, root);
    result.push({
      context,
      applied: files.filter((f) => applied.has(f.name)).map((f) => f.name),
      pending: files.filter((f) => !applied.has(f.name)).map((f) => f.name),
    });
  }
  return result;
}

/**
 * Applies every pending migration of the given contexts, each in its own transaction together with
 * its history row, under an advisory lock so that replicas starting at once do not race. A
 * migration whose file changed after it was applied stops everything: history is never rewritten.
 */
export async function applyMigrations(
  db: Database,
  contexts: readonly BoundedContext[] = ALL_CONTEXTS,
  root = prismaRoot(),
): Promise<MigrationFile[]> {
  return db.withLock(MIGRATION_LOCK_ID, async () => {
    const appliedNow: MigrationFile[] = [];
    for (const context of contexts) {
      const applied = await appliedMigrations(db, context);
      for (const migration of readMigrations(context, root)) {
        const checksum = applied.get(migration.name);
        if (checksum !== undefined) {
          if (checksum !== migration.checksum) {
            throw new MigrationChecksumError(
              `${context}/${migration.name} was changed after it was applied; add a new migration instead`,
            );
          }
          continue;
        }
        await db.transaction(async (tx) => {
          await tx.exec(migration.sql);
          await tx.query(
            `INSERT INTO ${historyTable(context)} (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
             VALUES ($1, $2, $3, now(), now(), 1)`,
            [randomUUID(), migration.checksum, migration.name],
          );
        });
        appliedNow.push(migration);
      }
    }
    return appliedNow;
  });
}
