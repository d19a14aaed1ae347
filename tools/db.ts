/**
 * The one migration tool of every mode.
 *   db migrate            apply pending migrations (DATABASE_URL, or the PGlite DATA_DIR when unset)
 *   db status             list applied and pending migrations
 *   db new <context> <name>   write a migration for the change between the committed migrations and
 *                         prisma/<context>/schema.prisma (computed offline in an in-memory PGlite)
 *   db outbox list        events an outbox relay parked after repeated publishing failures
 *   db outbox replay <context> [id...]   put parked events (all, or these) back in line
 */
import {
  ALL_CONTEXTS,
  BoundedContext,
  Database,
  applyMigrations,
  connectPostgres,
  lockDataDir,
  migrationStatus,
  openPglite,
  prismaRoot,
} from '@pds/persistence';
import { parkedEvents, replayParkedEvents } from '@pds/messaging';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diffMigrations } from './schema-diff';

/**
 * PGlite in DATA_DIR is opened under the same lock as the standalone server's: while the server
 * runs, the command refuses with one line instead of losing writes beside it.
 */
function openDatabase(command: string): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return Promise.resolve(connectPostgres({ url, poolSize: 2, applicationName: 'pds-migrate' }));
  const dataDir = path.resolve(process.env.DATA_DIR || '.data');
  lockDataDir(dataDir, `db ${command}`);
  return openPglite(path.join(dataDir, 'pglite'));
}

function describeTarget(): string {
  const url = process.env.DATABASE_URL;
  if (!url) return `PGlite in ${path.resolve(process.env.DATA_DIR || '.data', 'pglite')}`;
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.host}${parsed.pathname}`;
}

async function migrate(): Promise<void> {
  const db = await openDatabase('migrate');
  try {
    const applied = await applyMigrations(db);
    for (const m of applied) console.log(`applied ${m.context}/${m.name}`);
    console.log(`${describeTarget()}: ${applied.length ? `${applied.length} migration(s) applied` : 'up to date'}`);
  } finally {
    await db.close();
  }
}

async function status(): Promise<void> {
  const db = await openDatabase('status');
  try {
    console.log(describeTarget());
    for (const s of await migrationStatus(db)) {
      console.log(`${s.context}: ${s.applied.length} applied, ${s.pending.length} pending${s.pending.length ? ` (${s.pending.join(', ')})` : ''}`);
    }
  } finally {
    await db.close();
  }
}

async function create(context: string | undefined, name: string | undefined): Promise<void> {
  if (!context || !ALL_CONTEXTS.includes(context as BoundedContext) || !name || !/^[a-z0-9_]+$/.test(name)) {
    throw new Error(`usage: db new <${ALL_CONTEXTS.join('|')}> <snake_case_name>`);
  }
  const sql = await diffMigrations(context as BoundedContext);
  if (!sql.trim()) {
    console.log(`${context}: schema.prisma matches the migrations; nothing to write`);
    return;
  }
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const dir = path.join(prismaRoot(), context, 'migrations', `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'migration.sql'), sql);
  writeFileSync(
    path.join(prismaRoot(), context, 'migrations', 'migration_lock.toml'),
    '# Written by tools/db.ts; keep it in version control.\nprovider = "postgresql"\n',
  );
  console.log(`wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
}

/** Contexts whose schema has an outbox table in this database. */
async function outboxContexts(db: Database): Promise<string[]> {
  const rows = await db.sql.query<{ schema: string }>(
    `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox' AND table_schema = ANY($1::text[]) ORDER BY 1`,
    [ALL_CONTEXTS],
  );
  return rows.map((row) => row.schema);
}

async function outbox(action: string | undefined, context: string | undefined, ids: string[]): Promise<void> {
  const db = await openDatabase('outbox');
  try {
    const contexts = await outboxContexts(db);
    if (action === 'list') {
      let parked = 0;
      for (const schema of contexts) {
        for (const e of await parkedEvents(db, schema)) {
          parked += 1;
          console.log(`${schema} ${e.id} ${e.event} org ${e.organizationId} parked ${e.parkedAt} after ${e.attempts} attempts: ${e.lastError ?? ''}`);
        }
      }
      // Silence would read as "the command did nothing".
      if (parked === 0) console.log(`no parked events (${contexts.join(', ') || 'no outbox tables'})`);
      return;
    }
    if (action === 'replay' && context && contexts.includes(context)) {
      console.log(`${context}: ${await replayParkedEvents(db, context, ids)} event(s) back in line`);
      return;
    }
    throw new Error(`usage: db outbox list | db outbox replay <${contexts.join('|')}> [event id...]`);
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  switch (command) {
    case 'migrate':
      return migrate();
    case 'status':
      return status();
    case 'new':
      return create(args[0], args[1]);
    case 'outbox':
      return outbox(args[0], args[1], args.slice(2));
    default:
      throw new Error('usage: db migrate | db status | db new <context> <name> | db outbox list | db outbox replay <context> [id...]');
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
