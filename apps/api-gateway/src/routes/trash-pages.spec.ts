import { TRASH_SORT, TrashEntryResponse, decodeCursor, decodeSortedCursor } from '@pds/contracts';
import { mergeTrashPages } from './trash-pages';

const entry = (id: string, deletedAt: string): TrashEntryResponse => ({
  id,
  key: null,
  type: 'label',
  title: id,
  deletedAt,
  deletedBy: null,
  restorableUntil: deletedAt,
});
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('mergeTrashPages', () => {
  it('keeps the newest entries of both pages, equal times by id descending, and cuts its cursor at the last kept', () => {
    const strategy = { items: [entry(uuid(5), '2026-01-05T00:00:00.000Z'), entry(uuid(2), '2026-01-02T00:00:00.000Z')], nextCursor: null };
    const delivery = { items: [entry(uuid(4), '2026-01-05T00:00:00.000Z'), entry(uuid(3), '2026-01-03T00:00:00.000Z')], nextCursor: null };
    const page = mergeTrashPages([strategy, delivery], { limit: 3 });
    expect(page.items.map((e) => e.id)).toEqual([uuid(5), uuid(4), uuid(3)]);
    expect(decodeCursor(page.nextCursor!, 'time')).toEqual({ sortValue: '2026-01-03T00:00:00.000Z', id: uuid(3) });
  });

  it('with sort=deletedAt keeps the oldest entries, equal times by id ascending, and its cursor is of that sort', () => {
    const strategy = { items: [entry(uuid(2), '2026-01-02T00:00:00.000Z'), entry(uuid(5), '2026-01-05T00:00:00.000Z')], nextCursor: null };
    const delivery = { items: [entry(uuid(1), '2026-01-02T00:00:00.000Z'), entry(uuid(4), '2026-01-05T00:00:00.000Z')], nextCursor: null };
    const page = mergeTrashPages([strategy, delivery], { limit: 3, sort: 'deletedAt' });
    expect(page.items.map((e) => e.id)).toEqual([uuid(1), uuid(2), uuid(4)]);
    const keys = TRASH_SORT.keys('deletedAt');
    expect(decodeSortedCursor(page.nextCursor!, TRASH_SORT, keys)).toEqual({ values: ['2026-01-05T00:00:00.000Z'], id: uuid(4) });
    expect(() => decodeCursor(page.nextCursor!, 'time')).toThrow();
  });

  it('has no next cursor when everything fits and no context has more', () => {
    const page = mergeTrashPages([{ items: [entry(uuid(1), '2026-01-01T00:00:00.000Z')], nextCursor: null }, { items: [], nextCursor: null }], { limit: 2 });
    expect(page).toEqual({ items: [entry(uuid(1), '2026-01-01T00:00:00.000Z')], nextCursor: null });
  });

  it('has a next cursor when a context has more, even if the page is not full of its entries', () => {
    const page = mergeTrashPages([{ items: [entry(uuid(1), '2026-01-01T00:00:00.000Z')], nextCursor: 'more' }, { items: [], nextCursor: null }], { limit: 1 });
    expect(page.nextCursor).not.toBeNull();
  });

  it('answers an empty last page without a cursor', () => {
    expect(mergeTrashPages([{ items: [], nextCursor: null }], { limit: 5 })).toEqual({ items: [], nextCursor: null });
  });
});
