import { archivedSql, archivedWhere } from './archived-filter';

describe('the archived filter of a list', () => {
  it('leaves archived rows out by default and for exclude', () => {
    expect(archivedWhere(undefined)).toEqual({ archivedAt: null });
    expect(archivedWhere('exclude')).toEqual({ archivedAt: null });
    expect(archivedSql(undefined, 'w')).toBe('w.archived_at IS NULL');
  });

  it('keeps them beside the others for include, and alone for only', () => {
    expect(archivedWhere('include')).toEqual({});
    expect(archivedSql('include', 'w')).toBeNull();
    expect(archivedWhere('only')).toEqual({ archivedAt: { not: null } });
    expect(archivedSql('only', 'w')).toBe('w.archived_at IS NOT NULL');
  });
});
