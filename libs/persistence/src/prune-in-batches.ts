/** Rows one statement of a prune removes by default: a short transaction, a few milliseconds of locks. */
export const DEFAULT_PRUNE_BATCH = 500;

export interface PruneOptions {
  /** Rows per statement (default 500). */
  batchSize?: number;
  /** Pause between two statements, so that a long prune leaves the database to the requests (default 10 ms). */
  pauseMs?: number;
  /** Statements at most in one run; the next run goes on where this one stopped (default: until done). */
  maxBatches?: number;
  /** Ends the run between two statements (the application is shutting down). */
  stopped?: () => boolean;
}

/**
 * Removes rows past a retention a batch at a time, each batch its own short statement (and so its
 * own transaction): no lock is held for longer than one batch takes, and nothing is held between
 * batches. `deleteBatch(limit)` removes at most `limit` rows and answers how many it removed; the
 * run ends at the first batch that removed fewer. Answers the rows removed in all.
 *
 * The trash purge, the audit log and the event log share this loop; each keeps its statement in
 * its repository (`DELETE … WHERE ctid IN (SELECT ctid … LIMIT $n FOR UPDATE SKIP LOCKED)`, so two
 * replicas pruning at once take different rows instead of waiting for each other).
 */
export async function pruneInBatches(deleteBatch: (limit: number) => Promise<number>, options: PruneOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? DEFAULT_PRUNE_BATCH;
  const pauseMs = options.pauseMs ?? 10;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    if (batch > 0 && pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    if (options.stopped?.()) break;
    const removed = await deleteBatch(batchSize);
    total += removed;
    if (removed < batchSize) break;
  }
  return total;
}

/**
 * Runs `prune` now and then every `intervalMs` (unref'd: it never keeps a process alive), one run
 * at a time; a failed run is reported to `onError` and the next one tries again. Answers the stop
 * function for the application's shutdown.
 */
export function schedulePrune(prune: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void, firstAfterMs = 5_000): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    prune()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(run, firstAfterMs);
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
