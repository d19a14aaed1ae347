import { loadConfig } from './load-config';
import { TrashConfig, trashOptionsFrom } from './trash.config';

describe('TrashConfig', () => {
  it('keeps deleted records 30 days by default and purges hourly in batches of 500', () => {
    expect(trashOptionsFrom(loadConfig(TrashConfig, {}))).toEqual({ retentionMs: 30 * 86_400_000, purgeIntervalMs: 3_600_000, purgeBatch: 500 });
  });

  it('takes fractions of a day (tests of the retention)', () => {
    expect(trashOptionsFrom(loadConfig(TrashConfig, { TRASH_RETENTION_DAYS: '0.5' })).retentionMs).toBe(43_200_000);
  });

  it.each(['0', '-1', 'soon', '4000'])('refuses TRASH_RETENTION_DAYS=%s at start-up', (value) => {
    expect(() => loadConfig(TrashConfig, { TRASH_RETENTION_DAYS: value })).toThrow(/TRASH_RETENTION_DAYS/);
  });
});
