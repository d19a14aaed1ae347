#!/usr/bin/env node
// Builds the workspace: generates each context's Prisma client when its schema changed, then compiles
// every app, lib and tool with swc into dist/ (path aliases rewritten, decorator metadata emitted).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const prismaVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/prisma/package.json'), 'utf8')).version;

function outputOf(schemaFile) {
  const match = /output\s*=\s*"([^"]+)"/.exec(readFileSync(schemaFile, 'utf8'));
  return path.resolve(path.dirname(schemaFile), match[1]);
}

for (const context of readdirSync(path.join(root, 'prisma')).sort()) {
  const schema = path.join(root, 'prisma', context, 'schema.prisma');
  if (!existsSync(schema)) continue;
  const out = outputOf(schema);
  const stamp = path.join(out, '.schema-hash');
  const hash = createHash('sha256').update(prismaVersion).update(readFileSync(schema)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) continue;
  // generate never runs the schema engine, but the CLI insists on finding one; offline there is no
  // download, so point it at any existing file.
  execFileSync(bin('prisma'), ['generate', '--schema', schema], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  });
  writeFileSync(stamp, hash);
  console.log(`prisma: generated ${context} client`);
}

const { swcConfig } = createRequire(import.meta.url)('./swc-config.cjs');
// Inside dist/, not node_modules/.cache: worktrees may share one node_modules.
const configFile = path.join(root, 'dist', '.swcrc.json');
mkdirSync(path.dirname(configFile), { recursive: true });
writeFileSync(configFile, JSON.stringify(swcConfig()));
const sources = ['apps', 'libs', 'tools', 'bench'].filter((dir) => existsSync(path.join(root, dir)));
execFileSync(bin('swc'), [...sources, '-d', 'dist', '--quiet', '--config-file', configFile, '--ignore', '**/*.spec.ts,**/*.e2e-spec.ts'], {
  cwd: root,
  stdio: 'inherit',
});

// What GET /version answers: the package version, the commit (GIT_COMMIT in image builds, which
// have no .git) and when this build ran.
function gitCommit() {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'unknown';
  }
}
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
writeFileSync(path.join(root, 'dist', 'build-info.json'), JSON.stringify({ version, commit: gitCommit(), buildTime: new Date().toISOString() }) + '\n');

// The data directory an empty standalone DATA_DIR starts from instead of running initdb in the
// service's process (libs/persistence/src/pglite-template.ts); made once per PGlite version.
const pgliteVersion = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version;
const pgliteTemplateDir = path.join(root, 'dist', 'pglite-template');
if (!existsSync(path.join(pgliteTemplateDir, `${pgliteVersion}.tar.gz`))) {
  rmSync(pgliteTemplateDir, { recursive: true, force: true });
  execFileSync(process.execPath, [path.join(root, 'dist/tools/pglite-template.js'), pgliteTemplateDir], { cwd: root, stdio: 'inherit' });
}

// The OpenAPI document of every route, generated once here so that no process builds it at startup
// or per request (the gateway serves these bytes at GET /api/v1/openapi.json).
execFileSync(process.execPath, [path.join(root, 'dist/apps/standalone/src/openapi.js'), path.join(root, 'dist', 'openapi.json')], { cwd: root, stdio: 'inherit' });

// The typed client (@pds/client), generated from that document.
const { buildClient } = await import('./client-build.mjs');
await buildClient(root, bin);
