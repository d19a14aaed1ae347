import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadPglite, openPglite, templateBlob, writePgliteTemplate } from './pglite.database';
import { isEmptyDataDir, unpackDataDir } from './pglite-template';

/** A gzipped ustar archive of these entries (a trailing `/` makes a directory). */
function tarball(entries: Record<string, string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(entries)) {
    const directory = name.endsWith('/');
    const body = Buffer.from(directory ? '' : content);
    const header = Buffer.alloc(512);
    header.write(name, 0, 'utf8');
    header.write(directory ? '0000700' : '0000600', 100);
    header.write(body.length.toString(8).padStart(11, '0'), 124);
    header.write(directory ? '5' : '0', 156);
    header.write('ustar', 257);
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

describe('PGlite data directory template', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'pds-pglite-template-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('unpacks files and directories into an empty data directory, leaving nothing beside it', () => {
    const file = path.join(root, 'template.tar.gz');
    writeFileSync(file, tarball({ '/PG_VERSION': '18\n', '/base/': '', '/base/1/PG_VERSION': '18\n' }));
    const dataDir = path.join(root, 'data');
    mkdirSync(dataDir);
    expect(isEmptyDataDir(dataDir)).toBe(true);

    unpackDataDir(file, dataDir);

    expect(readdirSync(dataDir).sort()).toEqual(['PG_VERSION', 'base']);
    expect(existsSync(path.join(dataDir, 'base', '1', 'PG_VERSION'))).toBe(true);
    expect(isEmptyDataDir(dataDir)).toBe(false);
    expect(readdirSync(root).sort()).toEqual(['data', 'template.tar.gz']);
  });

  it('refuses entries outside the data directory and archives without PG_VERSION, leaving the directory empty', () => {
    const dataDir = path.join(root, 'data');
    const outside = path.join(root, 'outside.tar.gz');
    writeFileSync(outside, tarball({ '/PG_VERSION': '18\n', '../escaped': 'x' }));
    expect(() => unpackDataDir(outside, dataDir)).toThrow('outside the data directory');
    const notData = path.join(root, 'not-data.tar.gz');
    writeFileSync(notData, tarball({ '/README': 'x' }));
    expect(() => unpackDataDir(notData, dataDir)).toThrow('no PG_VERSION');
    expect(readdirSync(root).sort()).toEqual(['not-data.tar.gz', 'outside.tar.gz']);
  });

  it('starts an empty data directory from the template and keeps shared_buffers and ANALYZE samples small on every start', async () => {
    const templateDir = path.join(root, 'templates');
    const template = await writePgliteTemplate(templateDir);
    expect(path.dirname(template)).toBe(templateDir);
    const dataDir = path.join(root, 'data');

    const first = await openPglite(dataDir, { templateDir });
    try {
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      await first.sql.query('CREATE TABLE kept (id int)');
      await first.sql.query('INSERT INTO kept VALUES (1)');
      expect(await first.sql.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      expect(await first.sql.query('SHOW default_statistics_target')).toEqual([{ default_statistics_target: '10' }]);
    } finally {
      await first.close();
    }

    const again = await openPglite(dataDir, { templateDir, sharedBuffers: '32MB' });
    try {
      expect(await again.sql.query('SELECT id FROM kept')).toEqual([{ id: 1 }]);
      expect(await again.sql.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '32MB' }]);
      expect(await again.sql.query('SHOW default_statistics_target')).toEqual([{ default_statistics_target: '10' }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('starts an in-memory database from the template when there is one, and runs initdb when there is none', async () => {
    const templateDir = path.join(root, 'templates');
    const template = await writePgliteTemplate(templateDir);
    // A template that says where it came from: a table initdb never makes.
    const { PGlite } = loadPglite();
    const source = new PGlite({ loadDataDir: templateBlob(templateDir) });
    await source.exec('CREATE TABLE from_template (id int); CHECKPOINT');
    writeFileSync(template, Buffer.from(await (await source.dumpDataDir('gzip')).arrayBuffer()));
    await source.close();

    const fromTemplate = await openPglite(undefined, { templateDir });
    try {
      expect(await fromTemplate.sql.query("SELECT to_regclass('from_template')::text AS found")).toEqual([{ found: 'from_template' }]);
      expect(await fromTemplate.sql.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await fromTemplate.close();
    }
    const initialised = await openPglite(undefined, { templateDir: path.join(root, 'none') });
    try {
      expect(await initialised.sql.query("SELECT to_regclass('from_template')::text AS found")).toEqual([{ found: null }]);
    } finally {
      await initialised.close();
    }
  }, 120_000);
});
