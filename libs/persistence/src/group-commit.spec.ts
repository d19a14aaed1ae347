import { GroupCommit } from './group-commit';

/** A write the test ends by hand, recording each group it was given. */
function heldWrites<T>() {
  const groups: T[][] = [];
  const releases: (() => void)[] = [];
  const write = async (items: T[]): Promise<string[]> => {
    groups.push(items);
    await new Promise<void>((resolve) => releases.push(resolve));
    return items.map((item) => `stored ${item}`);
  };
  return { groups, write, release: () => releases.shift()?.() };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes the items of one turn together and answers each caller with its own result', async () => {
    const groups: number[][] = [];
    const commit = new GroupCommit<number, string>(async (items) => {
      groups.push(items);
      return items.map((item) => `#${item}`);
    });
    expect(await Promise.all([1, 2, 3].map((item) => commit.submit(item)))).toEqual(['#1', '#2', '#3']);
    expect(groups).toEqual([[1, 2, 3]]);
  });

  it('with one write at a time (the default), items that come while it runs go together into the next', async () => {
    const { groups, write, release } = heldWrites<number>();
    const commit = new GroupCommit<number, string>(write);
    const first = commit.submit(1);
    await nextTurn();
    const later = [2, 3, 4].map((item) => commit.submit(item));
    await nextTurn();
    expect(groups).toEqual([[1]]);
    release();
    await first;
    await nextTurn();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    release();
    expect(await Promise.all(later)).toEqual(['stored 2', 'stored 3', 'stored 4']);
  });

  it('splits groups at maxGroup and runs up to maxInFlight writes at once', async () => {
    const { groups, write, release } = heldWrites<number>();
    const commit = new GroupCommit<number, string>(write, { maxGroup: 2, maxInFlight: 2 });
    const all = Promise.all([1, 2, 3, 4, 5].map((item) => commit.submit(item)));
    await nextTurn();
    expect(groups).toEqual([[1, 2], [3, 4]]);
    release();
    await nextTurn();
    expect(groups).toEqual([[1, 2], [3, 4], [5]]);
    release();
    release();
    expect(await all).toHaveLength(5);
  });

  it('resolves every caller with undefined when the write answers nothing', async () => {
    const commit = new GroupCommit<string>(async () => undefined);
    expect(await Promise.all([commit.submit('a'), commit.submit('b')])).toEqual([undefined, undefined]);
  });

  it('fails every caller of a failed group and recovers for the next', async () => {
    let fail = true;
    const commit = new GroupCommit<number>(async () => {
      if (fail) throw new Error('db down');
    });
    await expect(Promise.all([commit.submit(1), commit.submit(2)])).rejects.toThrow('db down');
    fail = false;
    await expect(commit.submit(3)).resolves.toBeUndefined();
  });

  it('with isolateFailures, writes each item alone after a failed group so that only the refused one fails', async () => {
    const groups: number[][] = [];
    const commit = new GroupCommit<number, number>(
      async (items) => {
        groups.push(items);
        if (items.includes(13)) throw new Error('refused');
        return items.map((item) => item * 2);
      },
      { isolateFailures: true },
    );
    const results = await Promise.allSettled([1, 13, 3].map((item) => commit.submit(item)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([2, 'failed', 6]);
    expect(groups).toEqual([[1, 13, 3], [1], [13], [3]]);
  });

  describe('with lingerMs', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('lets the first item after a quiet spell wait for the ones that come within the linger', async () => {
      const groups: string[][] = [];
      const commit = new GroupCommit<string>(async (items) => void groups.push(items), { lingerMs: 10 });
      const first = commit.submit('a');
      jest.advanceTimersByTime(6);
      const second = commit.submit('b');
      expect(groups).toEqual([]);
      jest.advanceTimersByTime(4);
      await Promise.all([first, second]);
      expect(groups).toEqual([['a', 'b']]);
    });

    it('does not hold a full group for the rest of the linger', async () => {
      const groups: number[][] = [];
      const commit = new GroupCommit<number>(async (items) => void groups.push(items), { lingerMs: 10, maxGroup: 2 });
      const full = Promise.all([commit.submit(1), commit.submit(2)]);
      expect(groups).toEqual([[1, 2]]);
      await full;
      const alone = commit.submit(3);
      expect(groups).toEqual([[1, 2]]);
      jest.advanceTimersByTime(10);
      await alone;
      expect(groups).toEqual([[1, 2], [3]]);
    });
  });
});
