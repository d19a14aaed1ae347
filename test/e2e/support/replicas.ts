import { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnApp, stopProcesses, waitUntilReady } from '../../../tools/stack';
import { appEnv, stackInfo } from './stack-info';

export interface Replica {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts another REST edge: in the distributed run a second api-gateway process joining the same
 * database and NATS; in standalone a separate standalone instance with its own data.
 */
export async function startGatewayReplica(env: Record<string, string> = {}): Promise<Replica> {
  const info = stackInfo();
  const port = await freePort();
  const logFile = path.join(info.logDir, `replica-${port}.log`);
  let child: ChildProcess;
  if (info.mode === 'distributed') {
    child = spawnApp('api-gateway', { env: { ...appEnv(info, 'api-gateway'), PORT: String(port), ...env }, logFile });
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-replica-'));
    child = spawnApp('standalone', { env: { ...info.env, PORT: String(port), DATA_DIR: dataDir, ...env }, logFile });
  }
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, 60_000);
  return { url, stop: () => stopProcesses([child]) };
}
