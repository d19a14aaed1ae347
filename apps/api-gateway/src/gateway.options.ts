/** What the gateway module needs from its host (distributed main or standalone). */
export interface GatewayOptions {
  /** Bearer token of the operator API; the operator API answers 401 to everything when unset. */
  operatorToken: string | undefined;
  rateLimitPerMinute: number;
  /** How long a verified key is trusted without asking the database again (revocation bound). */
  apiKeyCacheTtlMs: number;
}

export const GATEWAY_OPTIONS = Symbol('GATEWAY_OPTIONS');
