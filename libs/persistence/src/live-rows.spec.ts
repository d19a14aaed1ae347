import { liveRow, withLiveWhere } from './live-rows';

describe('live rows', () => {
  it('adds deletedAt: null to the where of every call that selects rows', () => {
    for (const operation of ['findFirst', 'findUnique', 'findMany', 'count', 'update', 'updateMany', 'deleteMany']) {
      expect(withLiveWhere(operation, { where: { organizationId: 'o', id: 'i' }, take: 1 })).toEqual({ where: { organizationId: 'o', id: 'i', deletedAt: null }, take: 1 });
    }
    expect(withLiveWhere('findMany', undefined)).toEqual({ where: { deletedAt: null } });
  });

  it('leaves a call alone that names deletedAt itself (the trash, restore, the purge)', () => {
    const args = { where: { organizationId: 'o', deletedAt: { not: null } } };
    expect(withLiveWhere('findMany', args)).toBe(args);
  });

  it('leaves creates and upserts alone: they select no row to leave out', () => {
    const args = { data: { name: 'x' } };
    expect(withLiveWhere('create', args)).toBe(args);
    expect(withLiveWhere('createMany', args)).toBe(args);
    expect(withLiveWhere('upsert', args)).toBe(args);
  });

  it('writes the SQL condition with or without a table alias', () => {
    expect(liveRow('w')).toBe('w.deleted_at IS NULL');
    expect(liveRow()).toBe('deleted_at IS NULL');
  });
});
