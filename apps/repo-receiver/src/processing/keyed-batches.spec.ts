import { KeyedBatches } from './keyed-batches';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A queue that notes each batch it runs, in order, then hands it to `run` (which may refuse it). */
function recordingQueue(run: (items: string[]) => unknown, options: ConstructorParameters<typeof KeyedBatches<string>>[1]) {
  const batches: string[][] = [];
  const queue = new KeyedBatches<string>(async (items) => {
    batches.push(items);
    await run(items);
  }, options);
  return { batches, queue };
}

describe('KeyedBatches', () => {
  it('puts what waits into one batch, each key’s items in the order they came', async () => {
    const { batches, queue } = recordingQueue(() => tick(5), { maxBatch: 10, maxConcurrent: 1 });
    const first = queue.add('a', 'a1');
    // An immediate queued after the batcher's own: when it runs, a1's batch has formed and is running
    // (a 1 ms timer could fire before the batcher's immediate and let everything join one batch).
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([first, queue.add('a', 'a2'), queue.add('b', 'b1'), queue.add('a', 'a3'), queue.add('c', 'c1')]);
    expect(batches).toEqual([['a1'], ['a2', 'a3', 'b1', 'c1']]);
  });

  it('keeps a key out of a second running batch until its first is done', async () => {
    const running = new Set<string>();
    const overlaps: string[] = [];
    const queue = new KeyedBatches<string>(
      async (items) => {
        for (const item of items) {
          const key = item[0];
          if (running.has(key)) overlaps.push(item);
          running.add(key);
        }
        await tick(5);
        for (const item of items) running.delete(item[0]);
      },
      { maxBatch: 2, maxConcurrent: 3 },
    );
    await Promise.all(['a1', 'b1', 'a2', 'c1', 'a3', 'b2', 'd1'].map((item) => queue.add(item[0], item)));
    expect(overlaps).toEqual([]);
  });

  it('caps the batch size, one item per key and round, keys that waited longest first', async () => {
    const { batches, queue } = recordingQueue(() => undefined, { maxBatch: 3, maxConcurrent: 1 });
    await Promise.all(['a1', 'a2', 'a3', 'a4', 'b1', 'c1', 'c2'].map((item) => queue.add(item[0], item)));
    expect(batches).toEqual([['a1', 'b1', 'c1'], ['a2', 'a3', 'c2'], ['a4']]);
  });

  it('runs the items of a failed batch one by one, so only the failing one is rejected', async () => {
    const { batches, queue } = recordingQueue(
      (items) => {
        if (items.includes('bad')) throw new Error('refused');
      },
      { maxBatch: 10, maxConcurrent: 1 },
    );
    const results = await Promise.allSettled([queue.add('a', 'good'), queue.add('b', 'bad'), queue.add('c', 'fine')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([['good', 'bad', 'fine'], ['good'], ['bad'], ['fine']]);
  });

  it('runs a failed batch one by one in order, a key’s later items included', async () => {
    const { batches: runs, queue } = recordingQueue(
      (items) => {
        if (items.length > 1) throw new Error('one of them is refused');
      },
      { maxBatch: 10, maxConcurrent: 1 },
    );
    await Promise.all(['a1', 'b1', 'a2'].map((item) => queue.add(item[0], item)));
    expect(runs).toEqual([['a1', 'a2', 'b1'], ['a1'], ['a2'], ['b1']]);
  });

  it('rejects a failed batch at once when the failure is not one item’s fault', async () => {
    const { batches: runs, queue } = recordingQueue(
      () => {
        throw new Error('outage');
      },
      { maxBatch: 10, maxConcurrent: 1, isolate: (error) => (error as Error).message !== 'outage' },
    );
    const results = await Promise.allSettled(['a1', 'b1'].map((item) => queue.add(item[0], item)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toEqual([['a1', 'b1']]);
  });
});
