import { randomUUID } from 'node:crypto';

export interface RetryOptions {
  /** Attempts in all, the first included (default 4). */
  attempts?: number;
  /** The wait when a 429 or 503 names none, doubled each time (default 500 ms). */
  baseDelayMs?: number;
  /** The longest wait honoured; a longer `Retry-After` gives up instead (default 30 s). */
  maxDelayMs?: number;
}

export interface FetchOptions {
  apiKey?: string;
  retry?: RetryOptions | false;
  /** The fetch underneath (default the global one, looked up at each call). */
  fetch?: (request: Request) => Promise<Response>;
  /** How a wait is spent (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
}

const RETRIED = new Set([429, 503]);

/** Milliseconds a `Retry-After` asks for: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/**
 * A fetch that sends the API key, gives every POST an `Idempotency-Key` (kept across its retries,
 * so a retried create is not a second create), and retries 429 and 503 after the `Retry-After`
 * the service sent. Other statuses, network errors included, are the caller's.
 */
export function retryingFetch(options: FetchOptions = {}): (input: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const retry = options.retry === false ? { attempts: 1 } : (options.retry ?? {});
  const attempts = Math.max(1, retry.attempts ?? 4);
  const baseDelayMs = retry.baseDelayMs ?? 500;
  const maxDelayMs = retry.maxDelayMs ?? 30_000;
  return async (input: Request) => {
    const request = input.clone();
    if (options.apiKey && !request.headers.has('x-api-key')) request.headers.set('x-api-key', options.apiKey);
    if (request.method === 'POST' && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', randomUUID());
    for (let attempt = 1; ; attempt++) {
      const response = await send(attempt < attempts ? request.clone() : request);
      if (!RETRIED.has(response.status) || attempt >= attempts) return response;
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? baseDelayMs * 2 ** (attempt - 1);
      if (wait > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}
