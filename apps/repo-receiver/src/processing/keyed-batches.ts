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
  /**
   * Whether a batch's failure may be one item's fault, worth running the items one by one (by
   * default always). An outage fails them all anyway: they are rejected at once instead.
   */
  isolate?: (error: unknown) => boolean;
}

/**
 * Runs items in batches, the items of one key in the order they were added: a batch holds a key's
 * waiting items in that order, and a key in a running batch waits for it to finish before its
 * next items go into another. A batch forms when the event loop is next idle (setImmediate), so it
 * takes whatever arrived meanwhile, and the acknowledgements waiting on the same loop get their
 * turn between batches. When a batch of several fails, its items are run again one by one, in
 * order, so one item that always fails holds back only itself.
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

  /**
   * Waiting items of keys not in a running batch, one per key per round so that a busy key does
   * not crowd out the others, each key's in order; keys that waited longest go first.
   */
  private take(): [string, Waiting<T>][] {
    const taken = new Map<string, Waiting<T>[]>();
    let size = 0;
    for (let round = true; round && size < this.options.maxBatch; ) {
      round = false;
      for (const [key, queue] of this.queues) {
        if (size >= this.options.maxBatch) break;
        if (this.busy.has(key) || queue.length === 0) continue;
        const items = taken.get(key) ?? [];
        items.push(queue.shift() as Waiting<T>);
        taken.set(key, items);
        size += 1;
        round = true;
      }
    }
    // Keys taken are busy until the batch is done; one with more waiting goes to the back of the line.
    for (const key of taken.keys()) {
      this.busy.add(key);
      const queue = this.queues.get(key) as Waiting<T>[];
      this.queues.delete(key);
      if (queue.length > 0) this.queues.set(key, queue);
    }
    return [...taken].flatMap(([key, items]) => items.map((item): [string, Waiting<T>] => [key, item]));
  }

  private async execute(batch: [string, Waiting<T>][]): Promise<void> {
    try {
      await this.run(batch.map(([, waiting]) => waiting.item));
      for (const [, waiting] of batch) waiting.resolve();
    } catch (error) {
      if (batch.length === 1 || this.options.isolate?.(error) === false) {
        for (const [, waiting] of batch) waiting.reject(error);
        return;
      }
      for (const [, waiting] of batch) {
        await this.run([waiting.item]).then(waiting.resolve, waiting.reject);
      }
    }
  }
}
