import { Inject, Injectable } from '@nestjs/common';
import { AppException, ErrorCode } from '@pds/contracts';
import { DEFAULT_AUTH_FAILURES_PER_MINUTE, EDGE_OPTIONS, EdgeOptions } from './edge.options';
import { rateLimitHeaders } from './rate-limit';
import { RateLimiter } from './rate-limiter';

/** What an edge tells its authenticator to do around the key lookup, for one client address. */
export interface AuthAttempt {
  /** Throws 429 when the address failed too often this minute; called before a key is looked up. */
  beforeLookup(): void;
  /** Counts a malformed, unknown or revoked key against the address. */
  failed(): void;
}

/**
 * Failed authentications counted per client address, across replicas like the key budgets. An
 * address over its budget gets 429 with Retry-After before any lookup, so random keys cannot hammer
 * the database; keys already verified and cached still pass (a NAT shared with an attacker).
 */
@Injectable()
export class AuthFailures {
  private readonly perMinute: number;

  constructor(
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(EDGE_OPTIONS) options: EdgeOptions,
  ) {
    this.perMinute = options.authFailuresPerMinute ?? DEFAULT_AUTH_FAILURES_PER_MINUTE;
  }

  /**
   * `setHeaders` receives Retry-After and the RateLimit-* headers of a refusal. The address may be
   * given as a function: it is read only when a lookup or a failure needs it, which a request with
   * a cached key never does (Node asks the kernel for a socket's peer address each time).
   */
  attempt(address: string | (() => string), setHeaders: (headers: Record<string, number>) => void): AuthAttempt {
    const key = () => `auth-failures:${typeof address === 'string' ? address : address()}`;
    return {
      beforeLookup: () => {
        const decision = this.limiter.peek(key(), this.perMinute);
        if (decision.allowed) return;
        setHeaders(rateLimitHeaders(decision));
        throw new AppException(ErrorCode.TooManyRequests, `Too many failed authentications from this address; retry in ${decision.resetSeconds} s`, {
          retryAfterSeconds: decision.resetSeconds,
        });
      },
      failed: () => void this.limiter.charge(key(), this.perMinute),
    };
  }
}
