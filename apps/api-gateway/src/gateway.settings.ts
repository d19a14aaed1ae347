import { TrustProxy, TrustProxySetting } from '@pds/config';
import { IsInt, Max, Min } from 'class-validator';
import type { GatewayOptions } from './gateway.options';

/** The gateway's own variables; read by its main and by standalone. */
export class GatewaySettings {
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE: number = 100;

  /** At most 5 s: a revoked key must stop working on every replica within that. */
  @IsInt()
  @Min(0)
  @Max(5000)
  API_KEY_CACHE_TTL_MS: number = 4000;

  @TrustProxySetting()
  TRUST_PROXY: TrustProxy = false;
}

export function gatewayOptionsFrom(settings: GatewaySettings, operatorToken: string | undefined): GatewayOptions {
  return { operatorToken, rateLimitPerMinute: settings.RATE_LIMIT_PER_MINUTE, apiKeyCacheTtlMs: settings.API_KEY_CACHE_TTL_MS };
}
