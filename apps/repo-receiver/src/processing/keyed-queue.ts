/**
 * Runs tasks of one key one after another, in the order they were queued, and tasks of different
 * keys side by side. Deliveries of one repository are processed in the order they arrived (an
 * "opened" never overwrites the "merged" after it); other repositories' run concurrently.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
