interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions {
  /** Most items one write takes (default 100). */
  maxGroup?: number;
  /**
   * Writes running at once (default 1). Items that come while the bound is reached wait and go
   * together into the next write, so groups grow with the load instead of the number of writes.
   * `Infinity` only gathers what one event-loop turn brings (BatchLoader's lookups).
   */
  maxInFlight?: number;
  /**
   * How long the first item after a quiet spell waits for others to join its write (default 0: the
   * rest of the current event-loop turn). For items that come a few milliseconds apart.
   */
  lingerMs?: number;
  /**
   * When a write of several items fails, write each alone, so that one item the database refuses
   * (a row it will not take) fails only its own caller (default false: the whole group fails).
   */
  isolateFailures?: boolean;
}

/**
 * Group commit: items submitted while a write runs (or within the same event-loop turn, or within
 * `lingerMs`) go together into the next single write, one round trip, one plan and one commit for
 * all of them; each caller's promise settles when the write that took its item has. Under load
 * that is one statement for many items instead of one each; alone, an item waits for nothing but
 * the end of its turn (and `lingerMs` when set).
 *
 * `write` answers each item in the order given (`results[i]` is `items[i]`'s), or nothing when
 * there is nothing to answer (R = void).
 */
export class GroupCommit<T, R = void> {
  private waiting: Waiting<T, R>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private lingering?: NodeJS.Timeout;
  private readonly maxGroup: number;
  private readonly maxInFlight: number;
  private readonly lingerMs: number;
  private readonly isolateFailures: boolean;

  constructor(
    private readonly write: (items: T[]) => Promise<readonly R[] | void>,
    options: GroupCommitOptions = {},
  ) {
    this.maxGroup = options.maxGroup ?? 100;
    this.maxInFlight = options.maxInFlight ?? 1;
    this.lingerMs = options.lingerMs ?? 0;
    this.isolateFailures = options.isolateFailures ?? false;
  }

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.maxGroup && this.inFlight < this.maxInFlight) this.flush();
      else if (!this.scheduled) this.schedule();
    });
  }

  private schedule(): void {
    this.scheduled = true;
    const run = () => {
      this.scheduled = false;
      this.lingering = undefined;
      this.flush();
    };
    if (this.lingerMs > 0) this.lingering = setTimeout(run, this.lingerMs);
    else setImmediate(run);
  }

  private flush(): void {
    if (this.lingering && this.waiting.length >= this.maxGroup) {
      // A full group does not wait for the rest of the linger.
      clearTimeout(this.lingering);
      this.lingering = undefined;
      this.scheduled = false;
    }
    while (this.waiting.length > 0 && this.inFlight < this.maxInFlight) {
      const group = this.waiting.slice(0, this.maxGroup);
      this.waiting = this.waiting.slice(group.length);
      this.inFlight += 1;
      void this.run(group).finally(() => {
        this.inFlight -= 1;
        this.flush();
      });
    }
  }

  private async run(group: Waiting<T, R>[]): Promise<void> {
    try {
      const results = await this.write(group.map((entry) => entry.item));
      group.forEach((entry, i) => entry.resolve(results?.[i] as R));
    } catch (error) {
      if (!this.isolateFailures || group.length === 1) {
        for (const entry of group) entry.reject(error);
        return;
      }
      for (const entry of group) {
        await this.write([entry.item]).then((results) => entry.resolve(results?.[0] as R), entry.reject);
      }
    }
  }
}
