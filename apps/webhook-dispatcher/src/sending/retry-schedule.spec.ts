import { DEFAULT_RETRY_SCHEDULE, parseDurations } from '../common/dispatcher.options';
import { nextDelayMs, parseRetryAfter } from './retry-schedule';

describe('retry schedule', () => {
  const schedule = parseDurations(DEFAULT_RETRY_SCHEDULE);

  it('is 8 attempts: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(schedule).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextDelayMs(schedule, 7, null, () => 0.5)).toBe(36_000_000);
    expect(nextDelayMs(schedule, 8)).toBeNull();
  });

  it('jitters each delay by at most ±20 %', () => {
    expect(nextDelayMs(schedule, 1, null, () => 0)).toBe(4_000);
    expect(nextDelayMs(schedule, 1, null, () => 0.999999)).toBe(6_000);
    for (let i = 0; i < 200; i++) {
      const delay = nextDelayMs(schedule, 2)!;
      expect(delay).toBeGreaterThanOrEqual(240_000);
      expect(delay).toBeLessThanOrEqual(360_000);
    }
  });

  it('honours Retry-After within the schedule', () => {
    expect(nextDelayMs(schedule, 1, 60_000, () => 0.5)).toBe(60_000);
    expect(nextDelayMs(schedule, 1, 1_000, () => 0.5)).toBe(5_000);
    expect(nextDelayMs(schedule, 1, 7 * 86_400_000, () => 0.5)).toBe(36_000_000);
  });

  it('reads overrides and Retry-After values', () => {
    expect(parseDurations('1s, 1s,2s')).toEqual([1000, 1000, 2000]);
    expect(parseDurations('250ms,1m,1h,1d')).toEqual([250, 60_000, 3_600_000, 86_400_000]);
    expect(() => parseDurations('1x')).toThrow();
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60_000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });
});
