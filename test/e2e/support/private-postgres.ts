import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../tools/stack';

/** A PostgreSQL server of the test's own, so that a test may stop it without touching the shared one. */
export interface PrivatePostgres {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres` (trust auth). */
  adminUrl: string;
  /** The cluster's scratch directory (data/, server.log, and log/ when a logging collector is on). */
  dir: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  remove(): Promise<void>;
}

function binary(name: string): string {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return path.join(root, version, 'bin', name);
}

const asPostgres = (command: string, args: string[]) => (process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]) as [string, string[]];

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** `settings`: extra server settings (`-c name=value`), e.g. preloaded libraries for the query-plans test. */
export async function startPrivatePostgres(settings: Record<string, string> = {}): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pds-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  execFileSync(...asPostgres(binary('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']), { stdio: 'ignore' });
  const port = await freePort();
  const pgCtl = (...args: string[]) => execFileSync(...asPostgres(binary('pg_ctl'), ['-D', data, ...args]), { stdio: 'ignore' });
  const handle: PrivatePostgres = {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    dir,
    async start() {
      const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`).join('');
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off${extra}`;
      pgCtl('-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '30', 'start');
      if (!(await portOpen(port))) throw new Error('private PostgreSQL did not start');
    },
    async stop() {
      // Fast shutdown: open connections are cut, as in a crash or a failover.
      pgCtl('-m', 'fast', '-w', 'stop');
    },
    async remove() {
      try {
        pgCtl('-m', 'immediate', '-w', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await handle.start();
  return handle;
}
