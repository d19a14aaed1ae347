import { mkdtempSync, mkdirSync, writeFileSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_CONTEXTS, prismaRoot } from './contexts';
import { MigrationChecksumError, applyMigrations, migrationStatus } from './migrator';
import { openPglite } from './pglite.database';

describe('migrations', () => {
  it('applies every committed migration once and reports none pending afterwards', async () => {
    const db = await openPglite();
    try {
      const first = await applyMigrations(db);
      expect(new Set(first.map((m) => m.context))).toEqual(new Set(ALL_CONTEXTS));
      expect(await applyMigrations(db)).toEqual([]);
      for (const status of await migrationStatus(db)) expect(status.pending).toEqual([]);
      const tables = await db.sql.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'delivery' ORDER BY table_name`,
      );
      expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['work_items', 'outbox', '_prisma_migrations']));
    } finally {
      await db.close();
    }
  });

  it('refuses to continue when an applied migration file was edited', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'pds-migrations-'));
    const dir = path.join(root, 'identity', 'migrations', '20260101000000_init');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(root, 'identity', 'schema.prisma'), '');
    writeFileSync(path.join(dir, 'migration.sql'), 'CREATE TABLE identity.t (id int);');
    const db = await openPglite();
    try {
      expect(await applyMigrations(db, ['identity'], root)).toHaveLength(1);
      writeFileSync(path.join(dir, 'migration.sql'), 'CREATE TABLE identity.t (id bigint);');
      await expect(applyMigrations(db, ['identity'], root)).rejects.toBeInstanceOf(MigrationChecksumError);
    } finally {
      await db.close();
    }
  });

  it('rolls a failing migration back completely', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'pds-migrations-'));
    cpSync(path.join(prismaRoot(), 'identity'), path.join(root, 'identity'), { recursive: true });
    const bad = path.join(root, 'identity', 'migrations', '29990101000000_broken');
    mkdirSync(bad, { recursive: true });
    writeFileSync(path.join(bad, 'migration.sql'), 'CREATE TABLE identity.half (id int); SELECT * FROM no_such_table;');
    const db = await openPglite();
    try {
      await expect(applyMigrations(db, ['identity'], root)).rejects.toThrow(/no_such_table/);
      const half = await db.sql.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'half'`);
      expect(half).toHaveLength(0);
      const [status] = await migrationStatus(db, ['identity'], root);
      expect(status.pending).toEqual(['29990101000000_broken']);
    } finally {
      await db.close();
    }
  });
});
