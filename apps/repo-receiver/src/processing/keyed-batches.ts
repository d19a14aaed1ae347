interface Waiting<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

export interface KeyedBatchesOptions {
  /** Most items in one batch. */
  maxBatch: number;
  /** Batches running at once (each holds a database connection while it writes). */
  maxConcurrent: number;
}

/**
 * Runs items in batches, at most one item per key in a batch and the items of one key in the order
 * they were added: a key's next item waits until the batch holding its previous one is done. Items
 * of different keys share batches. A batch forms when the event loop is next idle (setImmediate),
 * so it takes whatever arrived meanwhile, and the acknowledgements waiting on the same loop get
 * their turn between batches. When a batch of several fails, its items are run again one by one,
 * so one item that always fails holds back only itself (and the later items of its key).
 */
export class KeyedBatches<T> {
  private readonly queues = new Map<string, Waiting<T>[]>();
  private readonly busy = new Set<string>();
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: T[]) => Promise<void>,
    private readonly options: KeyedBatchesOptions,
  ) {}

  /** Resolves once the item's batch is done; rejects when it failed on its own. */
  add(key: string, item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiting = { item, resolve, reject };
      const queue = this.queues.get(key);
      if (queue) queue.push(waiting);
      else this.queues.set(key, [waiting]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.start();
    });
  }

  private start(): void {
    while (this.running < this.options.maxConcurrent) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.running += 1;
      void this.execute(batch).finally(() => {
        this.running -= 1;
        for (const [key] of batch) this.busy.delete(key);
        if (this.queues.size > 0) this.schedule();
      });
    }
  }

  /** The next item of each key not in a running batch, keys that waited longest first. */
  private take(): [string, Waiting<T>][] {
    const batch: [string, Waiting<T>][] = [];
    for (const [key, queue] of this.queues) {
      if (batch.length >= this.options.maxBatch) break;
      if (this.busy.has(key)) continue;
      batch.push([key, queue.shift() as Waiting<T>]);
      this.busy.add(key);
    }
    // A key with more waiting goes to the back of the line.
    for (const [key] of batch) {
      const queue = this.queues.get(key) as Waiting<T>[];
      this.queues.delete(key);
      if (queue.length > 0) this.queues.set(key, queue);
    }
    return batch;
  }

  private async execute(batch: [string, Waiting<T>][]): Promise<void> {
    try {
      await this.run(batch.map(([, waiting]) => waiting.item));
      for (const [, waiting] of batch) waiting.resolve();
    } catch (error) {
      if (batch.length === 1) return batch[0][1].reject(error);
      for (const [, waiting] of batch) {
        await this.run([waiting.item]).then(waiting.resolve, waiting.reject);
      }
    }
  }
}
