import { KeyedQueue } from './keyed-queue';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyedQueue', () => {
  it('runs tasks of one key in order, even when an earlier one is slower or fails', async () => {
    const queue = new KeyedQueue();
    const seen: string[] = [];
    const first = queue.run('pr-1', async () => {
      await tick(30);
      seen.push('opened');
      throw new Error('boom');
    });
    const second = queue.run('pr-1', async () => {
      seen.push('merged');
    });
    await expect(first).rejects.toThrow('boom');
    await second;
    expect(seen).toEqual(['opened', 'merged']);
  });

  it('runs tasks of different keys side by side', async () => {
    const queue = new KeyedQueue();
    const seen: string[] = [];
    await Promise.all([
      queue.run('a', async () => {
        await tick(30);
        seen.push('a');
      }),
      queue.run('b', async () => {
        seen.push('b');
      }),
    ]);
    expect(seen).toEqual(['b', 'a']);
  });
});
