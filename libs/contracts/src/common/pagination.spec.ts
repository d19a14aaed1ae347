import { decodeCursor, encodeCursor } from './pagination';
import { parseRecordRef } from './identifiers';

describe('cursors', () => {
  it('round-trips a position', () => {
    const position = { sortValue: '2026-11-21T10:00:00.000Z', id: '7f0b5b1c-3f6e-4c39-9a4e-0d5a3c1b2e10' };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each(['nope', '', 'eyJ4IjoxfQ', Buffer.from('["c1","x","not-a-uuid"]').toString('base64url')])(
    'rejects %p as a cursor this API never issued',
    (cursor) => {
      expect(() => decodeCursor(cursor)).toThrow(expect.objectContaining({ code: 'BadRequest' }));
    },
  );
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
