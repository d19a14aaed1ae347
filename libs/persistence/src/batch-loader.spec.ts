import { BatchLoader } from './batch-loader';

describe('BatchLoader', () => {
  it('answers the lookups of one turn with one call, each with its own value', async () => {
    const calls: number[][] = [];
    const loader = new BatchLoader<number, string>(
      async (keys) => {
        calls.push(keys);
        return new Map(keys.filter((k) => k !== 3).map((k) => [String(k), `v${k}`]));
      },
      String,
    );
    const answers = await Promise.all([1, 2, 3].map((k) => loader.load(k)));
    expect(answers).toEqual(['v1', 'v2', undefined]);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(await loader.load(4)).toBe('v4');
    expect(calls).toHaveLength(2);
  });

  it('rejects every lookup of a failed batch and recovers for the next', async () => {
    let fail = true;
    const loader = new BatchLoader<number, number>(async (keys) => {
      if (fail) throw new Error('db down');
      return new Map(keys.map((k) => [String(k), k]));
    }, String);
    await expect(Promise.all([loader.load(1), loader.load(2)])).rejects.toThrow('db down');
    fail = false;
    await expect(loader.load(5)).resolves.toBe(5);
  });

  it('splits batches at the maximum size', async () => {
    const sizes: number[] = [];
    const loader = new BatchLoader<number, number>(
      async (keys) => {
        sizes.push(keys.length);
        return new Map(keys.map((k) => [String(k), k]));
      },
      String,
      { maxBatch: 2 },
    );
    await Promise.all([1, 2, 3, 4, 5].map((k) => loader.load(k)));
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('with isolateFailures, loads each key alone after a failed batch so that only the bad key fails', async () => {
    const batches: number[][] = [];
    const loader = new BatchLoader<number, number>(
      async (keys) => {
        batches.push(keys);
        if (keys.includes(13)) throw new Error('refused');
        return new Map(keys.map((k) => [String(k), k * 2]));
      },
      String,
      { isolateFailures: true },
    );
    const results = await Promise.allSettled([1, 13, 3].map((k) => loader.load(k)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([2, 'failed', 6]);
    expect(batches).toEqual([[1, 13, 3], [1], [13], [3]]);
  });
});
