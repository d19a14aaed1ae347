import { assertNotArchived } from './archive';
import { AppException } from './errors';

describe('assertNotArchived', () => {
  it('lets a record that is not archived through', () => {
    expect(() => assertNotArchived('Work item', 'WI-1', null)).not.toThrow();
    expect(() => assertNotArchived('Work item', 'WI-1', undefined)).not.toThrow();
  });

  it('refuses a change of an archived record with 409 Conflict naming the record and when it was archived', () => {
    const at = new Date('2026-11-27T06:00:00.000Z');
    try {
      assertNotArchived('Opportunity', 'OPP-3', at);
      throw new Error('not refused');
    } catch (error) {
      expect(error).toBeInstanceOf(AppException);
      const refused = error as AppException;
      expect(refused.status).toBe(409);
      expect(refused.message).toBe('Opportunity OPP-3 is archived; unarchive it to change it');
      expect(refused.details).toEqual({ archivedAt: '2026-11-27T06:00:00.000Z' });
    }
  });
});
