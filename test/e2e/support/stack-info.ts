import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../../tools/stack';

export type StackMode = 'standalone' | 'distributed';

/** What global setup started, for the spec files (they run in other processes). */
export interface StackInfo {
  mode: StackMode;
  /** Base URL of the REST edge (gateway, or the single standalone port). */
  apiUrl: string;
  repoReceiverUrl: string;
  mcpUrl: string;
  /** Every HTTP listener of the stack by app name (one entry in standalone). */
  appUrls: Record<string, string>;
  operatorToken: string;
  /** Distributed only: what extra replicas need to join the same stack. */
  databaseUrl?: string;
  natsUrl?: string;
  natsPrefix?: string;
  /** Environment every process of this stack was started with. */
  env: Record<string, string>;
  /** Distributed run on its private nats-server: NATS_USER/NATS_PASSWORD by user (an app, or HARNESS_USER). */
  natsCredentials?: Record<string, { NATS_USER: string; NATS_PASSWORD: string }>;
  logDir: string;
}

/** The environment an app of this stack starts with: the shared one plus its own NATS user. */
export function appEnv(info: StackInfo, app: string): Record<string, string> {
  return { ...info.env, ...info.natsCredentials?.[app] };
}

/** Options for nats.js `connect` as one user of the stack's NATS (none on a server without authorization). */
export function natsConnectOptions(info: StackInfo, user: string): { servers: string; user?: string; pass?: string } {
  if (!info.natsUrl) throw new Error('the standalone stack has no NATS');
  const credentials = info.natsCredentials?.[user];
  return { servers: info.natsUrl, ...(credentials && { user: credentials.NATS_USER, pass: credentials.NATS_PASSWORD }) };
}

export const e2eDir = path.join(repoRoot, '.e2e');

/** Where distributed runs create their throw-away databases. */
export function databaseAdminUrl(): string {
  return process.env.E2E_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
}

export function stackMode(): StackMode {
  const mode = process.env.E2E_MODE ?? 'standalone';
  if (mode !== 'standalone' && mode !== 'distributed') throw new Error(`E2E_MODE must be standalone or distributed, not ${mode}`);
  return mode;
}

/**
 * `describe` in the given mode, `describe.skip` in the other: a spec of one mode shows as skipped in
 * the other run's report instead of being absent from it.
 */
export function describeIn(mode: StackMode): jest.Describe {
  return stackMode() === mode ? describe : describe.skip;
}

function infoFile(mode: StackMode): string {
  return path.join(e2eDir, `stack-${mode}.json`);
}

export function writeStackInfo(info: StackInfo): void {
  mkdirSync(e2eDir, { recursive: true });
  writeFileSync(infoFile(info.mode), JSON.stringify(info, null, 2));
}

export function stackInfo(): StackInfo {
  return JSON.parse(readFileSync(infoFile(stackMode()), 'utf8')) as StackInfo;
}
