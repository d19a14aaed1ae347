/**
 * `node dist/bench/scale/stack-cli.js`: the six apps of the distributed run on the kept scale cluster,
 * left running for inspection by hand (curl, EXPLAIN, a profile with STACK_NODE_ARGS='--cpu-prof
 * --cpu-prof-dir=/tmp/prof': node flags of every app, which end with the apps)
 * until SIGINT or SIGTERM, which stop them and the cluster (kept, as with BENCH_KEEP=1). Prints each
 * app's URL and the seeded organizations' API keys (scratch keys of the bench's own cluster) as one
 * JSON line.
 */
import { startScaleRun } from './run';

async function main(): Promise<void> {
  // Inspection never removes the seed (a default close does, unless BENCH_KEEP=1): it took 15–30 minutes.
  process.env.BENCH_KEEP = '1';
  const nodeOptions = process.env.STACK_NODE_OPTIONS;
  const nodeArgs = process.env.STACK_NODE_ARGS?.split(' ').filter(Boolean);
  const run = await startScaleRun({
    name: 'stack',
    log: (line) => process.stderr.write(`${line}\n`),
    basePort: Number(process.env.BENCH_SCALE_BASE_PORT ?? 43020),
    ...(nodeOptions ? { env: { NODE_OPTIONS: nodeOptions } } : {}),
    ...(nodeArgs ? { nodeArgs } : {}),
  });
  const first = (group: string) => run.seeded.organizations.find((o) => o.group === group);
  process.stdout.write(`${JSON.stringify({ urls: run.urls, pids: run.pids, small: first('small'), large: first('large'), many: first('many') })}\n`);
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void run.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
