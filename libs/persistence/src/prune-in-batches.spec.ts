import { pruneInBatches, schedulePrune } from './prune-in-batches';

/** A table of `rows` rows from which each batch removes up to its limit, recording the limits asked. */
function table(rows: number) {
  const limits: number[] = [];
  let left = rows;
  const deleteBatch = async (limit: number) => {
    limits.push(limit);
    const removed = Math.min(limit, left);
    left -= removed;
    return removed;
  };
  return { limits, deleteBatch, left: () => left };
}

describe('pruneInBatches', () => {
  it('removes everything in batches of the given size and answers the total', async () => {
    const t = table(1_050);
    expect(await pruneInBatches(t.deleteBatch, { batchSize: 500, pauseMs: 0 })).toBe(1_050);
    expect(t.limits).toEqual([500, 500, 500]);
    expect(t.left()).toBe(0);
  });

  it('stops after a batch that removed fewer than its size, without an extra statement', async () => {
    const t = table(499);
    expect(await pruneInBatches(t.deleteBatch, { pauseMs: 0 })).toBe(499);
    expect(t.limits).toEqual([500]);
  });

  it('an exact multiple ends with one empty batch', async () => {
    const t = table(1_000);
    expect(await pruneInBatches(t.deleteBatch, { pauseMs: 0 })).toBe(1_000);
    expect(t.limits).toEqual([500, 500, 500]);
  });

  it('keeps to maxBatches, leaving the rest for the next run', async () => {
    const t = table(5_000);
    expect(await pruneInBatches(t.deleteBatch, { batchSize: 100, maxBatches: 3, pauseMs: 0 })).toBe(300);
    expect(t.left()).toBe(4_700);
  });

  it('ends between batches once stopped', async () => {
    const t = table(5_000);
    let calls = 0;
    const removed = await pruneInBatches(
      (limit) => {
        calls += 1;
        return t.deleteBatch(limit);
      },
      { batchSize: 100, pauseMs: 0, stopped: () => calls >= 2 },
    );
    expect(removed).toBe(200);
  });

  it('passes a failing batch on to the caller', async () => {
    await expect(pruneInBatches(() => Promise.reject(new Error('lock timeout')), { pauseMs: 0 })).rejects.toThrow('lock timeout');
  });
});

describe('schedulePrune', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs first after the delay, then at every interval, never two runs at once', async () => {
    let runs = 0;
    let finish: (() => void) | undefined;
    const stop = schedulePrune(
      () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      1_000,
      () => undefined,
      100,
    );
    jest.advanceTimersByTime(100);
    expect(runs).toBe(1);
    jest.advanceTimersByTime(3_000);
    expect(runs).toBe(1);
    finish?.();
    await Promise.resolve();
    await Promise.resolve();
    jest.advanceTimersByTime(1_000);
    expect(runs).toBe(2);
    stop();
    finish?.();
    jest.advanceTimersByTime(10_000);
    expect(runs).toBe(2);
  });

  it('reports a failed run and tries again at the next interval', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const stop = schedulePrune(
      () => {
        runs += 1;
        return Promise.reject(new Error('down'));
      },
      1_000,
      (error) => errors.push(error),
      0,
    );
    jest.advanceTimersByTime(0);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(errors).toHaveLength(1);
    jest.advanceTimersByTime(1_000);
    expect(runs).toBe(2);
    stop();
  });
});
