/**
 * What the benches on the scale cluster share: the cluster started and seeded (reused when the
 * sizes match), two harness connections (queries and CPU sampling), and the six apps of the
 * distributed run on it with a subject prefix of their own. `close` stops all of it, and removes
 * the cluster's directory unless BENCH_KEEP=1.
 */
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DISTRIBUTED_APPS, checkNats, freePort, spawnApp, stopProcesses, waitUntilReady } from '../../tools/stack';
import { HARNESS_APPLICATION, deleteStreams, distributedBenchEnv } from '../support';
import { SCALE_DIR, ScaleCluster, removeScaleCluster, startScaleCluster } from './cluster';
import { SeededData, ensureSeeded } from './seeded';

export interface ScaleRun {
  cluster: ScaleCluster;
  seeded: SeededData;
  /** The bench's own queries. */
  db: Client;
  /** CPU sampling (BackendCpu), beside the queries. */
  sampler: Client;
  /** Each app's base URL and pid, by name. */
  urls: Record<string, string>;
  pids: Record<string, number>;
  close(): Promise<void>;
}

export interface ScaleRunOptions {
  /** Subject prefix and log file names start with it. */
  name: string;
  log: (line: string) => void;
  /** Ports basePort, basePort + 1, … (free ports when absent). */
  basePort?: number;
  env?: Record<string, string>;
  /** Extra node flags of every app (a profile: `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
}

export async function startScaleRun(options: ScaleRunOptions): Promise<ScaleRun> {
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const cluster = await startScaleCluster();
  options.log(`scale cluster: ${cluster.dataDir} (${cluster.url})`);
  const children: ChildProcess[] = [];
  const prefix = `${options.name}_${randomBytes(4).toString('hex')}`;
  const db = new Client({ connectionString: cluster.url, application_name: HARNESS_APPLICATION });
  const sampler = new Client({ connectionString: cluster.url, application_name: HARNESS_APPLICATION });
  const close = async () => {
    await stopProcesses(children);
    await db.end().catch(() => undefined);
    await sampler.end().catch(() => undefined);
    await deleteStreams(prefix, natsUrl);
    cluster.stop();
    if (process.env.BENCH_KEEP === '1') options.log(`kept the scale cluster (stopped): ${cluster.dataDir}, ${(cluster.diskBytes() / 1024 ** 3).toFixed(2)} GiB`);
    else {
      removeScaleCluster();
      options.log(`removed the scale cluster ${SCALE_DIR} (BENCH_KEEP=1 keeps it)`);
    }
  };
  try {
    await checkNats(natsUrl);
    const seeded = await ensureSeeded(cluster, options.log);
    await db.connect();
    await sampler.connect();
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const env = { ...distributedBenchEnv(randomBytes(24).toString('base64url'), cluster.url, natsUrl, prefix), ...options.env };
    options.log('starting the six apps of the distributed run...');
    const urls: Record<string, string> = {};
    const pids: Record<string, number> = {};
    for (const [i, { name }] of DISTRIBUTED_APPS.entries()) {
      const port = options.basePort ? options.basePort + i : await freePort();
      const child = spawnApp(name, { env: { ...env, PORT: String(port) }, nodeArgs: options.nodeArgs, logFile: `${SCALE_DIR}/logs/${options.name}-${name}.log` });
      children.push(child);
      urls[name] = `http://127.0.0.1:${port}`;
      pids[name] = child.pid as number;
    }
    await Promise.all(DISTRIBUTED_APPS.map(({ name }, i) => waitUntilReady(urls[name], children[i], 120_000)));
    return { cluster, seeded, db, sampler, urls, pids, close };
  } catch (error) {
    await close();
    throw error;
  }
}
