import { GroupCommit } from './group-commit';

export interface BatchLoaderOptions {
  /** Most keys one call of `loadMany` gets (default 100). */
  maxBatch?: number;
  /**
   * When a batch of several keys fails, load each key alone, so that one key the query cannot
   * take fails only its own caller (default false).
   */
  isolateFailures?: boolean;
}

/**
 * Collects the lookups made during one event-loop turn and answers them with one query (a
 * GroupCommit of reads, unbounded in flight). Under load NATS hands a service several requests
 * per socket read; their lookups then share one round trip to PostgreSQL (one plan) instead of one
 * each. With a single lookup in the turn the cost is that of a plain query.
 */
export class BatchLoader<K, V> {
  private readonly group: GroupCommit<K, V | undefined>;

  constructor(
    /** Loads every key; the answer maps `keyOf(key)` to its value (absent: not found). */
    loadMany: (keys: K[]) => Promise<Map<string, V>>,
    keyOf: (key: K) => string,
    options: BatchLoaderOptions = {},
  ) {
    this.group = new GroupCommit(async (keys) => {
      const found = await loadMany(keys);
      return keys.map((key) => found.get(keyOf(key)));
    }, { maxGroup: options.maxBatch, isolateFailures: options.isolateFailures, maxInFlight: Infinity });
  }

  load(key: K): Promise<V | undefined> {
    return this.group.submit(key);
  }
}
