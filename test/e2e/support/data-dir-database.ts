import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../../tools/stack';

/** Runs SQL on a database a spec inspects: the distributed stack's PostgreSQL or a standalone's PGlite. */
export interface Sql {
  query<T>(text: string, params: readonly unknown[]): Promise<T[]>;
}

/**
 * A child process that opens a PGlite data directory with the build's `openPglite` (the options the
 * standalone server opens it with) and runs the statements it is sent over IPC. PGlite can't start
 * inside a Jest worker: it loads its WebAssembly with a dynamic import, which Jest's module sandbox
 * refuses without --experimental-vm-modules.
 */
const SERVE = `
  const { openPglite } = require(process.argv[1]);
  openPglite(process.argv[2]).then((db) => {
    process.on('message', async ({ id, text, params }) => {
      if (text === undefined) {
        await db.close();
        process.send({ id }, () => process.exit(0));
        return;
      }
      try {
        process.send({ id, rows: await db.sql.query(text, params) });
      } catch (error) {
        process.send({ id, error: String(error) });
      }
    });
    process.send({ ready: true });
  }, (error) => {
    process.stderr.write(String(error) + '\\n');
    process.exit(1);
  });`;

interface Reply {
  id?: number;
  ready?: boolean;
  rows?: unknown[];
  error?: string;
}

/**
 * The database of a stopped standalone server's DATA_DIR, for `scan`; closed afterwards. The
 * server must be stopped: one process owns a PGlite directory.
 */
export async function withDataDirDatabase<T>(dataDir: string, scan: (db: Sql) => Promise<T>): Promise<T> {
  const module = path.join(repoRoot, 'dist', 'libs', 'persistence', 'src', 'pglite.database.js');
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVE, module, path.join(dataDir, 'pglite')], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, (reply: Reply) => void>();
  let next = 0;
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`PGlite reader exited with ${code}`)));
    child.on('message', (reply: Reply) => {
      if (reply.ready) resolve();
      else waiting.get(reply.id!)?.(reply);
    });
  });
  const ask = (text?: string, params: readonly unknown[] = []) =>
    new Promise<Reply>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      child.send({ id, text, params });
    });
  try {
    await ready;
    return await scan({
      query: async <R>(text: string, params: readonly unknown[]) => {
        const reply = await ask(text, params);
        if (reply.error) throw new Error(`${reply.error} in ${text}`);
        return reply.rows as R[];
      },
    });
  } finally {
    if (child.exitCode === null) await ask();
    child.kill();
  }
}
