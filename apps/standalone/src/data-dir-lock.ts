import { StartupError } from '@pds/config';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One process per DATA_DIR: PGlite is an embedded database, and a second process opening the same
 * files would silently lose writes. The lock file holds the owner's pid; a lock whose process is
 * gone (a crash) is taken over. Released when the process exits.
 */
export function lockDataDir(dataDir: string): void {
  const file = path.join(dataDir, 'standalone.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      process.once('exit', () => rmSync(file, { force: true }));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new StartupError(`DATA_DIR ${dataDir} is in use by another standalone process (pid ${holder}); stop it or choose another DATA_DIR`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir} (${file})`);
}
