interface PendingLoad<K, V> {
  key: K;
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Collects the lookups (or writes) made during one event-loop turn and answers them with one query. Under
 * load NATS hands a service several requests per socket read; their lookups then share one round
 * trip to PostgreSQL (one write, one read, one plan) instead of one each. With a single lookup in
 * the turn the cost is that of a plain query.
 */
export class BatchLoader<K, V> {
  private pending: PendingLoad<K, V>[] = [];

  constructor(
    /** Loads every key; the answer maps `keyOf(key)` to its value (absent: not found). */
    private readonly loadMany: (keys: K[]) => Promise<Map<string, V>>,
    private readonly keyOf: (key: K) => string,
    private readonly maxBatch = 100,
    /**
     * When a batch of several keys fails, load each key alone, so that one key the query cannot
     * take (a write of a row the database refuses) fails only its own caller.
     */
    private readonly isolateFailures = false,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.pending.push({ key, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
      else if (this.pending.length >= this.maxBatch) this.flush();
    });
  }

  private flush(): void {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    this.loadMany(batch.map((entry) => entry.key)).then(
      (found) => {
        for (const entry of batch) entry.resolve(found.get(this.keyOf(entry.key)));
      },
      (error: unknown) => {
        if (!this.isolateFailures || batch.length === 1) {
          for (const entry of batch) entry.reject(error);
          return;
        }
        for (const entry of batch) {
          this.loadMany([entry.key]).then((found) => entry.resolve(found.get(this.keyOf(entry.key))), entry.reject);
        }
      },
    );
  }
}
