#!/usr/bin/env node
// Runs ESLint over the workspace with the Nx project graph computed first. Without a cached graph
// (a fresh clone, CI) @nx/enforce-module-boundaries skips itself with nothing but a console
// warning, so the layer rules would silently go unchecked; this fails instead if that happens.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, NX_DAEMON: 'false' };

const graph = spawnSync(bin('nx'), ['show', 'projects'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
if (graph.status !== 0) process.exit(graph.status ?? 1);

const lint = spawnSync(bin('eslint'), ['--max-warnings=0', ...process.argv.slice(2)], { cwd: root, env, encoding: 'utf8' });
process.stdout.write(lint.stdout);
process.stderr.write(lint.stderr);
if (/No cached ProjectGraph/.test(lint.stdout + lint.stderr)) {
  console.error('lint: the Nx module-boundary rule was skipped (no project graph); the run does not count');
  process.exit(1);
}
process.exit(lint.status ?? 1);
