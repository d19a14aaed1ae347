interface PendingLoad<K, V> {
  key: K;
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

export interface BatchLoaderOptions {
  /** Most keys one call of `loadMany` gets (default 100). */
  maxBatch?: number;
  /**
   * When a batch of several keys fails, load each key alone, so that one key the query cannot
   * take (a write of a row the database refuses) fails only its own caller (default false).
   */
  isolateFailures?: boolean;
  /**
   * Batches running at once (default unbounded). With a bound, keys that come while the bound is
   * reached wait and go together into the next batch: a group commit, whose batches grow with the
   * load instead of the number of round trips.
   */
  maxInFlight?: number;
}

/**
 * Collects the lookups (or writes) made during one event-loop turn and answers them with one query.
 * Under load NATS hands a service several requests per socket read; their lookups then share one
 * round trip to PostgreSQL (one write, one read, one plan) instead of one each. With a single
 * lookup in the turn the cost is that of a plain query.
 */
export class BatchLoader<K, V> {
  private pending: PendingLoad<K, V>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly isolateFailures: boolean;
  private readonly maxInFlight: number;

  constructor(
    /** Loads every key; the answer maps `keyOf(key)` to its value (absent: not found). */
    private readonly loadMany: (keys: K[]) => Promise<Map<string, V>>,
    private readonly keyOf: (key: K) => string,
    options: BatchLoaderOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 100;
    this.isolateFailures = options.isolateFailures ?? false;
    this.maxInFlight = options.maxInFlight ?? Infinity;
  }

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      if (this.pending.length >= this.maxBatch && this.inFlight < this.maxInFlight) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    while (this.pending.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.pending.slice(0, this.maxBatch);
      this.pending = this.pending.slice(batch.length);
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.flush();
      });
    }
  }

  private async run(batch: PendingLoad<K, V>[]): Promise<void> {
    try {
      const found = await this.loadMany(batch.map((entry) => entry.key));
      for (const entry of batch) entry.resolve(found.get(this.keyOf(entry.key)));
    } catch (error) {
      if (!this.isolateFailures || batch.length === 1) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      for (const entry of batch) {
        await this.loadMany([entry.key]).then((found) => entry.resolve(found.get(this.keyOf(entry.key))), entry.reject);
      }
    }
  }
}
