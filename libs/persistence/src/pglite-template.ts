import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Written by the build (tools/build.mjs) next to the compiled code: dist/pglite-template/<PGlite
 * version>.tar.gz, an initialised, empty PGlite data directory (PGlite's own `dumpDataDir`).
 *
 * Why: PGlite runs initdb in a second PostgreSQL instance inside the opening process, and the
 * process's memory never comes back down from it (a first start peaked at 860–900 MiB RSS and
 * stayed ~100 MiB above a restart under load; docs/benchmarks.md, "Standalone memory"). Unpacking
 * this tarball is plain file I/O. An in-memory database (the unit tests') starts from it too: initdb
 * took 2–4.5 s of CPU a database, loading the template ~0.6 s. `PGLITE_TEMPLATE_DIR` names the
 * directory when the code runs from source (jest.config.js points it at the build's).
 */
export const PGLITE_TEMPLATE_DIR = process.env.PGLITE_TEMPLATE_DIR ?? path.resolve(__dirname, '../../../pglite-template');

export function pgliteTemplateFile(pgliteVersion: string, templateDir = PGLITE_TEMPLATE_DIR): string {
  return path.join(templateDir, `${pgliteVersion}.tar.gz`);
}

/** True when `dataDir` holds nothing yet (absent or an empty directory): only then may a template fill it. */
export function isEmptyDataDir(dataDir: string): boolean {
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

/**
 * Unpacks a gzipped tarball of a data directory (ustar, directories and regular files: what PGlite's
 * `dumpDataDir` writes) into `dataDir`, which must be empty. Unpacked beside it and renamed into
 * place, so that a crash midway never leaves a partial directory that looks initialised.
 */
export function unpackDataDir(tarball: string, dataDir: string): void {
  const tar = gunzipSync(readFileSync(tarball));
  const staging = `${dataDir}.unpacking-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    let offset = 0;
    while (offset + 512 <= tar.length) {
      const header = tar.subarray(offset, offset + 512);
      if (header.every((byte) => byte === 0)) break;
      const field = (start: number, length: number) => {
        const raw = header.subarray(start, start + length);
        const end = raw.indexOf(0);
        return raw.toString('utf8', 0, end === -1 ? length : end);
      };
      const prefix = field(257, 5) === 'ustar' ? field(345, 155) : '';
      const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
      const size = Number.parseInt(field(124, 12).trim() || '0', 8);
      const mode = Number.parseInt(field(100, 8).trim() || '600', 8) & 0o777;
      const type = field(156, 1) || '0';
      const relative = path.normalize(name.replace(/^\/+/, ''));
      if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) throw new Error(`tar entry outside the data directory: ${name}`);
      const target = path.join(staging, relative);
      offset += 512;
      if (type === '5') {
        mkdirSync(target, { recursive: true, mode });
      } else if (type === '0') {
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        writeFileSync(target, tar.subarray(offset, offset + size), { mode });
      } else {
        throw new Error(`unexpected tar entry type '${type}' (${name})`);
      }
      offset += Math.ceil(size / 512) * 512;
    }
    if (!existsSync(path.join(staging, 'PG_VERSION'))) throw new Error(`${tarball} is not a PostgreSQL data directory (no PG_VERSION)`);
    if (existsSync(dataDir)) rmdirSync(dataDir);
    renameSync(staging, dataDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
