import type { EdgeOptions } from '@pds/edge';

/** What the gateway module needs from its host (distributed main or standalone). */
export interface GatewayOptions extends EdgeOptions {
  /** Bearer token of the operator API; the operator API answers 401 to everything when unset. */
  operatorToken: string | undefined;
}

export const GATEWAY_OPTIONS = Symbol('GATEWAY_OPTIONS');
