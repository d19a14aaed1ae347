/** ±20 % so that many failing deliveries do not retry in lockstep. */
export const JITTER = 0.2;

/**
 * Delay before the next attempt after `roundAttempts` attempts have failed, or null when the
 * schedule is exhausted. `retryAfterMs` (429/503) is honoured within the schedule: it may push the
 * attempt later, but never beyond the schedule's longest delay.
 */
export function nextDelayMs(
  scheduleMs: readonly number[],
  roundAttempts: number,
  retryAfterMs: number | null = null,
  random: () => number = Math.random,
): number | null {
  if (roundAttempts < 1 || roundAttempts > scheduleMs.length) return null;
  const base = scheduleMs[roundAttempts - 1];
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  if (retryAfterMs === null || retryAfterMs <= jittered) return jittered;
  return Math.min(retryAfterMs, Math.max(...scheduleMs));
}

/** `Retry-After` as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
