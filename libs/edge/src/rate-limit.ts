import { AppException, ErrorCode } from '@pds/contracts';
import type { RateLimitDecision } from './rate-limiter';

/** GitHub-style rate-limit headers of a decision, set on every answer of a charged request. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, number> {
  const headers: Record<string, number> = {
    'ratelimit-limit': decision.limit,
    'ratelimit-remaining': decision.remaining,
    'ratelimit-reset': decision.resetSeconds,
  };
  if (!decision.allowed) headers['retry-after'] = decision.resetSeconds;
  return headers;
}

/** The 429 of a denied decision; `undefined` when the request may go on. */
export function rateLimitError(decision: RateLimitDecision): AppException | undefined {
  if (decision.allowed) return undefined;
  return new AppException(ErrorCode.TooManyRequests, `Rate limit of ${decision.limit} requests per minute exceeded`, {
    retryAfterSeconds: decision.resetSeconds,
  });
}
