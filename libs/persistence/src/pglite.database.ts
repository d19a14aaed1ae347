import type * as PgliteModule from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import type * as PgliteAdapterModule from 'pglite-prisma-adapter';
import type { Database, SqlExecutor, SqlTransaction } from './database';

/**
 * PGlite and its Prisma adapter are required on first use, not when this library is imported: the
 * distributed apps share the library, and their images ship without either package (docker/README.md).
 */
export function loadPglite(): { PGlite: typeof PgliteModule.PGlite; PrismaPGlite: typeof PgliteAdapterModule.PrismaPGlite } {
  /* eslint-disable @typescript-eslint/no-require-imports -- a lazy require keeps the CommonJS builds the static imports used */
  const { PGlite } = require('@electric-sql/pglite') as typeof PgliteModule;
  const { PrismaPGlite } = require('pglite-prisma-adapter') as typeof PgliteAdapterModule;
  /* eslint-enable @typescript-eslint/no-require-imports */
  return { PGlite, PrismaPGlite };
}

interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(script: string): Promise<unknown>;
}

function executor(client: Queryable): SqlExecutor {
  return {
    async query<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
      return (await client.query<T>(text, params as unknown[])).rows;
    },
  };
}

/**
 * Embedded PostgreSQL (WASM) for the standalone run. One instance serves every context of the
 * process; PGlite serialises statements and transactions on its single connection.
 * `dataDir` undefined keeps everything in memory (unit tests).
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite, PrismaPGlite } = loadPglite();
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = dataDir ? new PGlite(dataDir) : new PGlite();
  await pglite.waitReady;
  return {
    kind: 'pglite',
    adapter: new PrismaPGlite(pglite),
    sql: executor(pglite),
    transaction: (fn) =>
      pglite.transaction(async (tx) => {
        const wrapped: SqlTransaction = { ...executor(tx), exec: async (script) => void (await tx.exec(script)) };
        return fn(wrapped);
      }) as Promise<Awaited<ReturnType<typeof fn>>>,
    // One process owns a PGlite directory, so there is nobody to serialise against.
    withLock: (_lockId, fn) => fn(),
    ping: async () => {
      await pglite.query('SELECT 1');
    },
    close: () => pglite.close(),
  };
}
