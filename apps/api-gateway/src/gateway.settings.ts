import { TrustProxy, TrustProxySetting } from '@pds/config';
import { EdgeSettings, edgeOptionsFrom } from '@pds/edge';
import type { GatewayOptions } from './gateway.options';

/** The gateway's own variables (plus the edge ones); read by its main and by standalone. */
export class GatewaySettings extends EdgeSettings {
  @TrustProxySetting()
  TRUST_PROXY: TrustProxy = false;
}

export function gatewayOptionsFrom(settings: GatewaySettings, operatorToken: string | undefined): GatewayOptions {
  return { operatorToken, ...edgeOptionsFrom(settings) };
}
