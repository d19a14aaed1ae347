import { StartupError } from '@pds/config';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Who holds a DATA_DIR: the standalone server, or a tool such as `db migrate`. */
export const STANDALONE_HOLDER = 'standalone';

export const DATA_DIR_LOCK_FILE = 'standalone.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function refusal(dataDir: string, holder: string, pid: number, requester: string): string {
  if (holder === STANDALONE_HOLDER && requester === STANDALONE_HOLDER) {
    return `DATA_DIR ${dataDir} is in use by another standalone process (pid ${pid}); stop it or choose another DATA_DIR`;
  }
  if (holder === STANDALONE_HOLDER) {
    return `The standalone server (pid ${pid}) is running on DATA_DIR ${dataDir}; stop it first (a second process on the same PGlite directory would lose writes)`;
  }
  return `DATA_DIR ${dataDir} is in use by ${holder} (pid ${pid}); wait for it to finish or choose another DATA_DIR`;
}

/**
 * One process per DATA_DIR, whichever opens its PGlite database (the standalone server, the db
 * tools): PGlite is an embedded database, and a second process on the same files silently loses
 * writes. The lock file holds the owner's pid and what it is (`holder`); a lock whose process is
 * gone (a crash, SIGKILL) is taken over. Released when the process exits. A refusal is one line
 * (StartupError).
 */
export function lockDataDir(dataDir: string, holder: string): void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n${holder}\n`);
      closeSync(fd);
      process.once('exit', () => rmSync(file, { force: true }));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Written by an older version: the pid alone, and only standalone took the lock then.
      const [pid, owner] = readFileSync(file, 'utf8').split('\n');
      const holderPid = Number(pid.trim());
      if (Number.isInteger(holderPid) && holderPid > 0 && alive(holderPid)) {
        throw new StartupError(refusal(dataDir, owner?.trim() || STANDALONE_HOLDER, holderPid, holder));
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir} (${path.join(dataDir, DATA_DIR_LOCK_FILE)})`);
}
