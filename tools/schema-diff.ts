import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { BoundedContext, loadPglite, migrationsDir, prismaRoot, readMigrations } from '@pds/persistence';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const LOCKFILE = 'migration_lock.toml';

/** The slice of the WebAssembly API used here (the DOM lib that declares it is not loaded). */
declare const WebAssembly: {
  instantiate(bytes: Buffer, imports: Record<string, unknown>): Promise<{ instance: { exports: Record<string, unknown> } }>;
};

interface SchemaEngineModule {
  SchemaEngine: {
    new: (options: { datamodels: [string, string][] }, log: (line: string) => void, adapter: object) => Promise<{
      diff(params: object): Promise<{ exitCode: number; stdout: string }>;
      free(): void;
    }>;
  };
  __wbg_set_wasm(exports: Record<string, unknown>): void;
}

/** The WASM build of Prisma's schema engine: no native binary, no download: this environment has no network to fetch one. */
async function loadSchemaEngine(): Promise<SchemaEngineModule> {
  const bindings = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as unknown as SchemaEngineModule;
  const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
  const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
    './schema_engine_bg.js': bindings,
  });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
  return bindings;
}

/**
 * SQL that takes a database from "all committed migrations applied" to "what schema.prisma says".
 * The engine replays the migrations in a shadow database, an in-memory PGlite here.
 */
export async function diffMigrations(context: BoundedContext): Promise<string> {
  const schemaPath = path.join(prismaRoot(), context, 'schema.prisma');
  const schema = readFileSync(schemaPath, 'utf8');
  const { SchemaEngine } = await loadSchemaEngine();
  const { PGlite, PrismaPGlite, extensions } = loadPglite();
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(new PGlite({ extensions })));
  const engine = await SchemaEngine.new({ datamodels: [[schemaPath, schema]] }, () => undefined, adapter);
  try {
    const baseDir = migrationsDir(context);
    const migrations = readMigrations(context);
    const lockfilePath = path.join(baseDir, LOCKFILE);
    const from =
      migrations.length === 0
        ? { tag: 'empty' }
        : {
            tag: 'migrations',
            baseDir,
            lockfile: { path: LOCKFILE, content: existsSync(lockfilePath) ? readFileSync(lockfilePath, 'utf8') : 'provider = "postgresql"\n' },
            shadowDbInitScript: '',
            migrationDirectories: migrations.map((m) => ({
              path: m.name,
              migrationFile: { path: 'migration.sql', content: { tag: 'ok', value: m.sql } },
            })),
          };
    const result = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: schema }] },
      script: true,
      shadowDatabaseUrl: null,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.stdout.includes('-- This is an empty migration.') ? '' : result.stdout;
  } finally {
    engine.free();
  }
}
