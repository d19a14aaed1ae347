import { IsInt, Max, Min } from 'class-validator';

/** What every public edge (REST gateway, MCP server) needs to authenticate keys and charge them. */
export interface EdgeOptions {
  rateLimitPerMinute: number;
  /** How long a verified key is trusted without asking again (bounds the revocation delay). */
  apiKeyCacheTtlMs: number;
  /** Failed authentications per client address and minute before lookups are refused with 429. */
  authFailuresPerMinute?: number;
}

export const DEFAULT_AUTH_FAILURES_PER_MINUTE = 20;

export const EDGE_OPTIONS = Symbol('EDGE_OPTIONS');

/** The edge variables, read by the gateway, the MCP server and standalone alike. */
export class EdgeSettings {
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE: number = 100;

  /** At most 5 s: a revoked key must stop working on every replica within that. */
  @IsInt()
  @Min(0)
  @Max(5000)
  API_KEY_CACHE_TTL_MS: number = 4000;

  @IsInt()
  @Min(1)
  AUTH_FAILURES_PER_MINUTE: number = DEFAULT_AUTH_FAILURES_PER_MINUTE;
}

export function edgeOptionsFrom(settings: EdgeSettings): EdgeOptions {
  return {
    rateLimitPerMinute: settings.RATE_LIMIT_PER_MINUTE,
    apiKeyCacheTtlMs: settings.API_KEY_CACHE_TTL_MS,
    authFailuresPerMinute: settings.AUTH_FAILURES_PER_MINUTE,
  };
}
