import { column } from './columns';

describe('column', () => {
  it('answers one field of every row, in row order', () => {
    const rows = [
      { id: 'a', organizationId: 'o1', reason: null },
      { id: 'b', organizationId: 'o2', reason: 'refused' },
    ];
    expect(column(rows, 'id')).toEqual(['a', 'b']);
    expect(column(rows, 'reason')).toEqual([null, 'refused']);
    expect(column([] as typeof rows, 'organizationId')).toEqual([]);
  });
});
