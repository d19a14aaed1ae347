// The one poll of the e2e suite: whatever a test waits for (processing after a 202, a delivery, a
// metric, a log line) is a probe retried by `eventually`, which fails with what it last saw.
import { inspect } from 'node:util';

export interface EventuallyOptions<T> {
  /** What the probe's value must satisfy; by default any value the probe returns without throwing. */
  until?: (value: T) => boolean;
  /** Default 30 s: longer than any wait of the suite's stacks under load, shorter than jest's 60 s. */
  timeoutMs?: number;
  /** Pause between tries (default 100 ms). */
  intervalMs?: number;
  /** Names what is awaited in the failure ("artifacts of WI-3"). */
  what?: string;
}

/** `until` for a probe that answers a list: it holds once the list has at least `count` entries. */
export const atLeast =
  (count: number) =>
  (list: readonly unknown[]): boolean =>
    list.length >= count;

/** How much of the last value a failure prints. */
const SHOWN_CHARS = 3000;

const shown = (value: unknown): string => {
  const text = inspect(value, { depth: 6, breakLength: Infinity, maxArrayLength: 50 });
  const counted = Array.isArray(value) ? `(${value.length} entries) ` : '';
  return counted + (text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} chars)` : text);
};

/**
 * Tries `probe` until it returns a value `until` accepts (or, without `until`, until it returns at
 * all: a probe may assert with `expect` or throw), pausing `intervalMs` between tries, and answers
 * that value. A throw (a failed assertion, a refused connection, a 503 during a restart) counts as
 * "not yet". At the deadline it fails with what the last try saw: the value `until` refused, or the
 * error the probe threw (kept as `cause`). The probe is tried at least once, and never after the
 * deadline.
 */
export async function eventually<T>(probe: () => T | Promise<T>, options: EventuallyOptions<T> = {}): Promise<T> {
  const { until, timeoutMs = 30_000, intervalMs = 100, what = 'condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (let tries = 1; ; tries++) {
    let last: { value: T } | { error: unknown };
    try {
      const value = await probe();
      if (!until || until(value)) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() + intervalMs >= deadline) {
      const seen = 'value' in last ? `last saw: ${shown(last.value)}` : `last error: ${last.error instanceof Error ? last.error.message : shown(last.error)}`;
      throw new Error(`${what} not met within ${timeoutMs} ms (${tries} tries); ${seen}`, 'error' in last ? { cause: last.error } : undefined);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
