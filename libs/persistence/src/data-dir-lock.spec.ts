import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATA_DIR_LOCK_FILE, STANDALONE_HOLDER, lockDataDir } from './data-dir-lock';

/** A pid that is certainly not running: above Linux's pid_max. */
const GONE = 4_194_305;

describe('DATA_DIR lock', () => {
  let dir: string;
  const lockFile = () => path.join(dir, DATA_DIR_LOCK_FILE);
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pds-data-dir-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // The holder's process is alive in each case: this test's own.
  it('refuses the db tools in one line while the standalone server holds it', () => {
    writeFileSync(lockFile(), `${process.pid}\n${STANDALONE_HOLDER}\n`);
    expect(() => lockDataDir(dir, 'db status')).toThrow(
      `The standalone server (pid ${process.pid}) is running on DATA_DIR ${dir}; stop it first (a second process on the same PGlite directory would lose writes)`,
    );
  });

  it('refuses a second standalone process, also on a lock written before holders were named', () => {
    writeFileSync(lockFile(), `${process.pid}\n`);
    expect(() => lockDataDir(dir, STANDALONE_HOLDER)).toThrow(`DATA_DIR ${dir} is in use by another standalone process (pid ${process.pid}); stop it or choose another DATA_DIR`);
  });

  it('refuses the standalone server while a db tool holds it', () => {
    writeFileSync(lockFile(), `${process.pid}\ndb migrate\n`);
    expect(() => lockDataDir(dir, STANDALONE_HOLDER)).toThrow(`DATA_DIR ${dir} is in use by db migrate (pid ${process.pid}); wait for it to finish or choose another DATA_DIR`);
  });

  it('takes over the lock of a process that is gone, and creates DATA_DIR when missing', () => {
    writeFileSync(lockFile(), `${GONE}\n${STANDALONE_HOLDER}\n`);
    lockDataDir(dir, 'db migrate');
    expect(readFileSync(lockFile(), 'utf8')).toBe(`${process.pid}\ndb migrate\n`);
    const fresh = path.join(dir, 'nested', 'data');
    lockDataDir(fresh, STANDALONE_HOLDER);
    expect(existsSync(path.join(fresh, DATA_DIR_LOCK_FILE))).toBe(true);
  });
});
