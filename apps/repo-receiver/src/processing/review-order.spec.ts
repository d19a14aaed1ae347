import { olderThanStored, replaces } from './review-order';

const at = (hour: number, state = 'OPEN') => ({ updatedAt: `2026-11-20T${String(hour).padStart(2, '0')}:00:00.000Z`, state });
const untimed = (state = 'OPEN') => ({ updatedAt: null, state });

describe('pull/merge request state order', () => {
  it('lets a state replace another when it is not older; equal times keep arrival order', () => {
    expect(replaces(at(10), at(11))).toBe(true);
    expect(replaces(at(10), at(10, 'CLOSED'))).toBe(true);
    expect(replaces(at(11), at(10))).toBe(false);
  });

  it('keeps a merged request merged, whatever the times say', () => {
    expect(replaces(at(10, 'MERGED'), at(11, 'OPEN'))).toBe(false);
    expect(replaces(untimed('MERGED'), at(11, 'OPEN'))).toBe(false);
    expect(replaces(at(10, 'MERGED'), at(11, 'MERGED'))).toBe(true);
  });

  it('orders a state without a time (stored before times were read) before any with one', () => {
    expect(replaces(untimed(), at(1))).toBe(true);
    expect(replaces(untimed(), untimed('CLOSED'))).toBe(true);
    expect(replaces(at(1), untimed())).toBe(false);
  });

  it('counts the deliveries of a batch older than the state stored before it', () => {
    const sequence = [at(9), at(11), at(12)];
    expect(olderThanStored(sequence, { prior: at(10), written: 'updated' })).toBe(1);
    expect(olderThanStored(sequence, { prior: at(8), written: 'updated' })).toBe(0);
    expect(olderThanStored(sequence, { prior: null, written: 'inserted' })).toBe(0);
    // The stored state was newer than every one of them: nothing was written.
    expect(olderThanStored(sequence, { prior: at(13), written: null })).toBe(3);
    // The row appeared meanwhile (another replica): only the last one, whose write applied, counts.
    expect(olderThanStored(sequence, { prior: null, written: 'updated' })).toBe(2);
  });
});
