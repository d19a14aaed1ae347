import { ListSort, decodeCursor, decodeSortedCursor, encodeCursor } from '@pds/contracts';
import { prismaSorted, readSortedPage, sqlSorted } from './sorted-page';

const sort = new ListSort({ createdAt: 'time', updatedAt: 'time', priority: 'enum' }, 'createdAt');
const ids = [1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const rows = ids.map((id, i) => ({ id, createdAt: new Date(Date.UTC(2026, 0, i + 1)), updatedAt: new Date(Date.UTC(2026, 1, 3 - i)), priority: 'HIGH' }));
const valueOf = (row: (typeof rows)[number], field: string) => (field === 'priority' ? row.priority : row[field as 'createdAt'].toISOString());

describe('readSortedPage', () => {
  it('keeps the plain cursors of the default order', async () => {
    const read = jest.fn(async () => rows);
    const page = await readSortedPage({ limit: 2 }, sort, read, (row) => row.id, valueOf);
    expect(read).toHaveBeenCalledWith({ keys: [{ field: 'createdAt', descending: false }], after: undefined }, 3);
    expect(decodeCursor(page.nextCursor!, 'time')).toEqual({ sortValue: rows[1].createdAt.toISOString(), id: ids[1] });
    await readSortedPage({ limit: 2, cursor: page.nextCursor! }, sort, read, (row) => row.id, valueOf);
    expect(read).toHaveBeenLastCalledWith({ keys: [{ field: 'createdAt', descending: false }], after: { values: [rows[1].createdAt.toISOString()], id: ids[1] } }, 3);
  });

  it('keeps the plain cursors of a newest-first default, and the oldest-first sort has its own', async () => {
    const newestFirst = new ListSort({ createdAt: 'time' }, 'createdAt', true);
    const read = jest.fn(async () => [...rows].reverse());
    const page = await readSortedPage({ limit: 2 }, newestFirst, read, (row) => row.id, valueOf);
    expect(read).toHaveBeenCalledWith({ keys: [{ field: 'createdAt', descending: true }], after: undefined }, 3);
    expect(decodeCursor(page.nextCursor!, 'time')).toEqual({ sortValue: rows[1].createdAt.toISOString(), id: ids[1] });
    await readSortedPage({ limit: 2, cursor: page.nextCursor! }, newestFirst, read, (row) => row.id, valueOf);
    expect(read).toHaveBeenLastCalledWith({ keys: [{ field: 'createdAt', descending: true }], after: { values: [rows[1].createdAt.toISOString()], id: ids[1] } }, 3);
    await expect(readSortedPage({ cursor: page.nextCursor!, sort: 'createdAt' }, newestFirst, read, (row) => row.id, valueOf)).rejects.toMatchObject({ code: 'BadRequest' });
  });

  it('issues cursors of the chosen sort and reads after them', async () => {
    const read = jest.fn(async () => rows);
    const query = { limit: 1, sort: 'priority,-updatedAt' };
    const page = await readSortedPage(query, sort, read, (row) => row.id, valueOf);
    const keys = sort.keys(query.sort);
    expect(decodeSortedCursor(page.nextCursor!, sort, keys)).toEqual({ values: ['HIGH', rows[0].updatedAt.toISOString()], id: ids[0] });
    await readSortedPage({ ...query, cursor: page.nextCursor! }, sort, read, (row) => row.id, valueOf);
    expect(read).toHaveBeenLastCalledWith({ keys, after: { values: ['HIGH', rows[0].updatedAt.toISOString()], id: ids[0] } }, 2);
  });

  it('refuses a default-order cursor in a chosen sort, and the reverse', async () => {
    const read = jest.fn(async () => rows);
    const plain = encodeCursor({ sortValue: rows[0].createdAt.toISOString(), id: ids[0] });
    await expect(readSortedPage({ cursor: plain, sort: '-createdAt' }, sort, read, (row) => row.id, valueOf)).rejects.toMatchObject({ code: 'BadRequest' });
    const sorted = (await readSortedPage({ limit: 1, sort: '-createdAt' }, sort, read, (row) => row.id, valueOf)).nextCursor!;
    await expect(readSortedPage({ cursor: sorted }, sort, read, (row) => row.id, valueOf)).rejects.toMatchObject({ code: 'BadRequest' });
    await expect(readSortedPage({ cursor: sorted, sort: 'createdAt' }, sort, read, (row) => row.id, valueOf)).rejects.toMatchObject({ code: 'BadRequest' });
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('prismaSorted', () => {
  it('orders by the keys then id in the last key direction, and reads after the position', () => {
    const keys = sort.keys('priority,-updatedAt');
    const at = '2026-02-01T00:00:00.000Z';
    expect(prismaSorted({ keys, after: { values: ['HIGH', at], id: ids[0] } }, sort)).toEqual({
      orderBy: [{ priority: 'asc' }, { updatedAt: 'desc' }, { id: 'desc' }],
      where: {
        OR: [
          { priority: { gt: 'HIGH' } },
          { priority: 'HIGH', updatedAt: { lt: new Date(at) } },
          { priority: 'HIGH', updatedAt: new Date(at), id: { lt: ids[0] } },
        ],
      },
    });
    expect(prismaSorted({ keys: sort.keys('createdAt') }, sort)).toEqual({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], where: {} });
  });
});

describe('sqlSorted', () => {
  it('writes ORDER BY and the keyset condition with the values as parameters', () => {
    const params: unknown[] = ['org'];
    const param = (value: unknown) => `$${params.push(value)}`;
    const columns = { createdAt: { column: 'w.created_at', cast: 'timestamptz' }, updatedAt: { column: 'w.updated_at', cast: 'timestamptz' }, priority: { column: 'w.priority', cast: 'text::p' } };
    const at = '2026-02-01T00:00:00.000Z';
    const sql = sqlSorted({ keys: sort.keys('-priority,createdAt'), after: { values: ['LOW', at], id: ids[1] } }, columns, 'w.id', param);
    expect(sql.orderBy).toBe('w.priority DESC, w.created_at ASC, w.id ASC');
    expect(sql.after).toBe(
      '((w.priority < $2::text::p) OR (w.priority = $2::text::p AND w.created_at > $3::timestamptz) OR (w.priority = $2::text::p AND w.created_at = $3::timestamptz AND w.id > $4::uuid))',
    );
    expect(params).toEqual(['org', 'LOW', at, ids[1]]);
  });

  it('writes one row comparison, which bounds an index range, when every key runs one way', () => {
    const params: unknown[] = ['org'];
    const param = (value: unknown) => `$${params.push(value)}`;
    const columns = { createdAt: { column: 'created_at', cast: 'timestamptz' }, updatedAt: { column: 'updated_at', cast: 'timestamptz' }, priority: { column: 'priority', cast: 'text' } };
    const at = '2026-02-01T00:00:00.000Z';
    const newest = sqlSorted({ keys: sort.keys('-updatedAt,-createdAt'), after: { values: [at, at], id: ids[1] } }, columns, 'id', param);
    expect(newest).toEqual({ orderBy: 'updated_at DESC, created_at DESC, id DESC', after: '(updated_at, created_at, id) < ($2::timestamptz, $3::timestamptz, $4::uuid)' });
    const oldest = sqlSorted({ keys: sort.keys('createdAt'), after: { values: [at], id: ids[2] } }, columns, 'id', param);
    expect(oldest).toEqual({ orderBy: 'created_at ASC, id ASC', after: '(created_at, id) > ($5::timestamptz, $6::uuid)' });
    expect(params).toEqual(['org', at, at, ids[1], at, ids[2]]);
  });
});
