import { validateSync } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { ListSort, SortableQuery, decodeSortedCursor, encodeSortedCursor, sortPattern } from './sort';

const sort = new ListSort({ key: 'int', createdAt: 'time', priority: 'enum' }, 'key');
const id = '00000000-0000-4000-8000-000000000001';

describe('ListSort', () => {
  it('reads fields ascending or descending and knows its default', () => {
    expect(sort.keys('priority,-createdAt')).toEqual([
      { field: 'priority', descending: false },
      { field: 'createdAt', descending: true },
    ]);
    expect(sort.keys(undefined)).toEqual([{ field: 'key', descending: false }]);
    expect(sort.isDefault(sort.keys('key'))).toBe(true);
    expect(sort.isDefault(sort.keys('-key'))).toBe(false);
  });

  it('may default to newest first, `-field`, for a log that has always been read that way', () => {
    const newestFirst = new ListSort({ createdAt: 'time' }, 'createdAt', true);
    expect(newestFirst.keys(undefined)).toEqual([{ field: 'createdAt', descending: true }]);
    expect(newestFirst.isDefault(newestFirst.keys('-createdAt'))).toBe(true);
    expect(newestFirst.isDefault(newestFirst.keys('createdAt'))).toBe(false);
    expect(newestFirst.description).toContain('Default `-createdAt`.');
  });

  it.each([
    ['title', 'sort field "title" is not one of key, createdAt, priority'],
    ['-createdAt,createdAt', 'sort names "createdAt" twice'],
    ['key,createdAt,priority,key', 'sort takes at most 3 fields'],
    ['', 'sort must be a non-empty string'],
    ['key,', 'sort field "" is not one of key, createdAt, priority'],
  ])('refuses %p with a 400 naming the sort', (value, message) => {
    expect(sort.problem(value)).toBe(message);
    expect(() => sort.keys(value)).toThrow(expect.objectContaining({ code: 'BadRequest', details: { sort: [message] } }));
  });

  it('validates as a query parameter, with the problem as the message', () => {
    const Query = SortableQuery(sort);
    const errors = validateSync(plainToInstance(Query, { sort: 'nope' }));
    expect(errors.map((error) => error.constraints)).toEqual([{ isSort: 'sort field "nope" is not one of key, createdAt, priority' }]);
    expect(validateSync(plainToInstance(Query, { sort: '-priority,key' }))).toEqual([]);
    expect(new RegExp(sortPattern(sort)).test('-priority,key')).toBe(true);
    expect(new RegExp(sortPattern(sort)).test('title')).toBe(false);
  });
});

describe('sorted cursors', () => {
  const keys = sort.keys('-priority,createdAt');

  it('carry their sort, the values and the id', () => {
    const position = { values: ['HIGH', '2026-01-02T03:04:05.678Z'], id };
    expect(decodeSortedCursor(encodeSortedCursor(keys, position), sort, keys)).toEqual(position);
  });

  it('are refused by another sort, and with values of the wrong type', () => {
    const cursor = encodeSortedCursor(keys, { values: ['HIGH', '2026-01-02T03:04:05.678Z'], id });
    expect(() => decodeSortedCursor(cursor, sort, sort.keys('priority,createdAt'))).toThrow(
      expect.objectContaining({ code: 'BadRequest', message: 'cursor belongs to another sort order' }),
    );
    for (const values of [['HIGH', 'yesterday'], ['high', '2026-01-02T03:04:05.678Z'], ['HIGH'], [1, '2026-01-02T03:04:05.678Z']]) {
      expect(() => decodeSortedCursor(encodeSortedCursor(keys, { values, id }), sort, keys)).toThrow(expect.objectContaining({ code: 'BadRequest' }));
    }
    expect(() => decodeSortedCursor('not-a-cursor', sort, keys)).toThrow(expect.objectContaining({ code: 'BadRequest' }));
    expect(() => decodeSortedCursor(encodeSortedCursor(keys, { values: ['HIGH', '2026-01-02T03:04:05.678Z'], id: 'x' }), sort, keys)).toThrow();
  });
});
