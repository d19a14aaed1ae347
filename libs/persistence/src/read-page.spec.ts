import { decodeCursor, encodeCursor } from '@pds/contracts';
import { keyNumberAfter, readPage } from './read-page';

const rows = [1, 2, 3].map((n) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, createdAt: new Date(Date.UTC(2026, 0, n)) }));

describe('readPage', () => {
  it('asks for one row more than the page and turns the last kept row into the next cursor', async () => {
    const read = jest.fn(async (_after: unknown, take: number) => rows.slice(0, take));
    const page = await readPage({ limit: 2 }, read, (row) => row.id);
    expect(read).toHaveBeenCalledWith(undefined, 3);
    expect(page.items).toEqual([rows[0].id, rows[1].id]);
    expect(decodeCursor(page.nextCursor!, 'time')).toEqual({ sortValue: rows[1].createdAt.toISOString(), id: rows[1].id });
  });

  it('reads after the query cursor and ends without a next cursor', async () => {
    const cursor = encodeCursor({ sortValue: rows[0].createdAt.toISOString(), id: rows[0].id });
    const read = jest.fn(async () => rows.slice(1));
    const page = await readPage({ limit: 5, cursor }, read, (row) => row.id);
    expect(read).toHaveBeenCalledWith({ sortValue: rows[0].createdAt.toISOString(), id: rows[0].id }, 6);
    expect(page).toEqual({ items: [rows[1].id, rows[2].id], nextCursor: null });
  });
});

describe('keyNumberAfter', () => {
  it('is the number of a position in a list ordered by number, and undefined without one', () => {
    expect(keyNumberAfter({ sortValue: '42', id: rows[0].id })).toBe(42);
    expect(keyNumberAfter(undefined)).toBeUndefined();
  });
});
