import { countNumberSortValue, decodeCursor, decodeListsCursor, encodeCursor, encodeListsCursor, pageJson, splitPageJson } from './pagination';
import { parseRecordRef } from './identifiers';

describe('cursors', () => {
  it('carries a count and a key number for the count-number order, and only there', () => {
    const id = '0b6f3c1e-4d2a-4c8e-9f1a-2b3c4d5e6f70';
    const cursor = encodeCursor({ sortValue: countNumberSortValue(12, 345), id });
    expect(decodeCursor(cursor, 'count-number')).toEqual({ sortValue: '12/345', id });
    expect(() => decodeCursor(cursor, 'number')).toThrow('cursor is not a cursor this API issued');
    for (const bad of ['12', '12/', '/3', '1/2/3', '-1/2', '2147483648/1']) {
      expect(() => decodeCursor(encodeCursor({ sortValue: bad, id }), 'count-number')).toThrow('cursor is not a cursor this API issued');
    }
    expect(() => decodeCursor(encodeCursor({ sortValue: '345', id }), 'count-number')).toThrow();
  });

  it('carries one position per list side by side, null for a list that ended, and refuses anything else', () => {
    const position = { sortValue: '2026-11-21T10:00:00.000Z', id: '7f0b5b1c-3f6e-4c39-9a4e-0d5a3c1b2e10' };
    const cursor = encodeListsCursor([null, position, null]);
    expect(decodeListsCursor(cursor, 3, 'time')).toEqual([null, position, null]);
    const bad = 'cursor is not a cursor this API issued';
    expect(() => decodeListsCursor(cursor, 2, 'time')).toThrow(bad);
    expect(() => decodeListsCursor(encodeListsCursor([null, null, null]), 3, 'time')).toThrow(bad);
    expect(() => decodeListsCursor(encodeListsCursor([{ sortValue: 'yesterday', id: position.id }, null, null]), 3, 'time')).toThrow(bad);
    expect(() => decodeListsCursor(encodeCursor(position), 3, 'time')).toThrow(bad);
    expect(() => decodeListsCursor(Buffer.from(JSON.stringify(['m1', 1, null, null])).toString('base64url'), 3, 'time')).toThrow(bad);
  });

  it('round-trips a position', () => {
    const position = { sortValue: '2026-11-21T10:00:00.000Z', id: '7f0b5b1c-3f6e-4c39-9a4e-0d5a3c1b2e10' };
    expect(decodeCursor(encodeCursor(position), 'time')).toEqual(position);
    const numbered = { sortValue: '42', id: position.id };
    expect(decodeCursor(encodeCursor(numbered), 'number')).toEqual(numbered);
  });

  const id = '7f0b5b1c-3f6e-4c39-9a4e-0d5a3c1b2e10';
  const forged = (sortValue: unknown, rowId: unknown = id) => Buffer.from(JSON.stringify(['c1', sortValue, rowId])).toString('base64url');

  it.each([
    ['nope', 'time'],
    ['', 'time'],
    ['eyJ4IjoxfQ', 'time'],
    [forged('2026-11-21T10:00:00.000Z', 'not-a-uuid'), 'time'],
    [forged('not-a-date'), 'time'],
    [forged('2026-02-30T10:00:00.000Z'), 'time'],
    [forged('0000-01-01T00:00:00.000Z'), 'time'],
    [forged('7'), 'time'],
    [forged('NaN'), 'number'],
    [forged('1e400'), 'number'],
    [forged('-1'), 'number'],
    [forged('2147483648'), 'number'],
    [forged('2026-11-21T10:00:00.000Z'), 'number'],
    [forged(7), 'number'],
  ] as const)('rejects %p as a cursor of a list ordered by %s', (cursor, order) => {
    expect(() => decodeCursor(cursor, order)).toThrow(expect.objectContaining({ code: 'BadRequest' }));
  });
});

describe('parseRecordRef', () => {
  it('accepts uuids and keys in any case', () => {
    expect(parseRecordRef('WI-42', 'WI')).toEqual({ kind: 'key', number: 42 });
    expect(parseRecordRef('wi-7', 'WI')).toEqual({ kind: 'key', number: 7 });
    expect(parseRecordRef('7F0B5B1C-3F6E-4C39-9A4E-0D5A3C1B2E10', 'WI')).toEqual({
      kind: 'id',
      id: '7f0b5b1c-3f6e-4c39-9a4e-0d5a3c1b2e10',
    });
  });

  it('rejects keys of another prefix and garbage', () => {
    expect(parseRecordRef('OKR-1', 'WI').kind).toBe('invalid');
    expect(parseRecordRef('WI-', 'WI').kind).toBe('invalid');
    expect(parseRecordRef("WI-1' OR 1=1", 'WI').kind).toBe('invalid');
  });
});

describe('page JSON', () => {
  const items = [{ id: 'a', title: 'He said "hi", then ,"items": []' }, { id: 'b', title: null }];

  it('is the JSON of a Page, and splits into the cursor and the items text as they were', () => {
    const itemsJson = JSON.stringify(items);
    for (const nextCursor of ['eyJhIjoxfQ', null]) {
      const text = pageJson(itemsJson, nextCursor);
      expect(JSON.parse(text)).toEqual({ nextCursor, items });
      const page = splitPageJson(text);
      expect(page).toEqual({ nextCursor, items: itemsJson });
    }
  });

  it('ends the cursor at the real separator whatever the cursor holds', () => {
    const nextCursor = 'odd ,"items": cursor "quoted" \\ \u2028';
    expect(splitPageJson(pageJson(JSON.stringify(items), nextCursor))).toEqual({ nextCursor, items: JSON.stringify(items) });
  });

  it('takes a page serialized some other way by parsing it', () => {
    const text = JSON.stringify({ items, nextCursor: 'c' });
    expect(splitPageJson(text)).toEqual({ nextCursor: 'c', items: JSON.stringify(items) });
    const spaced = JSON.stringify({ nextCursor: null, items }, null, 1);
    expect(splitPageJson(spaced)).toEqual({ nextCursor: null, items: JSON.stringify(items) });
  });
});
