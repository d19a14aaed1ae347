/*
 * `npm start` and `npm run start:distributed` as a terminal runs them, without the build they begin
 * with: a throw-away package.json holds the repository's script minus `npm run build --silent && `,
 * so the shell's `exec`, npm's forwarding of signals and its exit code are the real ones.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../../tools/stack';

const BUILD_FIRST = 'npm run build --silent && ';

export interface NpmRun {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far (stdout only while it is read). */
  output(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ctrl-C in a terminal: SIGINT to every process of the foreground group (npm, and what it runs). */
  interrupt(): void;
  /** Whether any process of the group is left. */
  groupAlive(): boolean;
  /** Stops reading stdout, as `| tee log` does when Ctrl-C kills tee: the next write gets EPIPE. */
  closeStdout(): void;
  /** SIGKILL to whatever is left of the group, and the temporary package removed. */
  cleanup(): void;
}

export function npmRun(script: 'start' | 'start:distributed', env: NodeJS.ProcessEnv): NpmRun {
  const original: string = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts[script];
  if (!original.startsWith(BUILD_FIRST)) throw new Error(`package.json's ${script} script no longer starts with "${BUILD_FIRST}": update this helper`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-npm-'));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'pds-e2e-npm', version: '0.0.0', private: true, scripts: { [script]: `cd ${JSON.stringify(repoRoot)} && ${original.slice(BUILD_FIRST.length)}` } }),
  );
  // Its own process group, like a terminal's foreground job.
  const child = spawn('npm', ['run', script], {
    cwd: dir,
    env: { npm_config_update_notifier: 'false', npm_config_fund: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const group = child.pid!;
  const groupAlive = () => {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    child,
    output: () => output,
    exit,
    interrupt: () => process.kill(-group, 'SIGINT'),
    groupAlive,
    closeStdout: () => child.stdout!.destroy(),
    cleanup: () => {
      if (groupAlive()) process.kill(-group, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves with the exit, or with 'still running' after `ms` (a hang fails with that, not with jest's timeout). */
export function exitWithin<T>(exit: Promise<T>, ms: number): Promise<T | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), ms)));
  return Promise.race([exit, late]).finally(() => clearTimeout(timer));
}
