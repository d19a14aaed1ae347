/**
 * `npm run bench:scale:seed`: seeds (or reuses) the scale data set in the kept cluster and stops the
 * cluster again. `npm run bench:scale` does the same first; this step alone lets the seed be timed.
 */
import { startScaleCluster } from './cluster';
import { ensureSeeded } from './seeded';

async function main(): Promise<void> {
  const cluster = await startScaleCluster();
  try {
    const seeded = await ensureSeeded(cluster, (line) => process.stdout.write(`${line}\n`));
    process.stdout.write(`cluster ${cluster.dataDir}: ${(cluster.diskBytes() / 1024 ** 3).toFixed(2)} GiB (seed ${Math.round(seeded.seconds)} s)\n`);
  } finally {
    cluster.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
