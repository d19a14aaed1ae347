/** `node dist/bench/scale/cluster-cli.js start|stop`: the scale cluster by hand (inspecting plans, psql). */
import { migrateScaleDatabase, startScaleCluster } from './cluster';

async function main(): Promise<void> {
  const cluster = await startScaleCluster();
  if (process.argv[2] === 'stop') {
    cluster.stop();
    process.stdout.write(`stopped ${cluster.dataDir}\n`);
    return;
  }
  await migrateScaleDatabase(cluster.url);
  process.stdout.write(`${cluster.url} (${cluster.dataDir}, ${(cluster.diskBytes() / 1024 ** 3).toFixed(2)} GiB)\n`);
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
