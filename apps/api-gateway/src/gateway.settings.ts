import { EdgeSettings, edgeOptionsFrom } from '@pds/edge';
import type { GatewayOptions } from './gateway.options';

/** The gateway's own variables (the edge ones; TRUST_PROXY is every edge's, in ListenConfig); read by its main and by standalone. */
export class GatewaySettings extends EdgeSettings {}

export function gatewayOptionsFrom(settings: GatewaySettings, operatorToken: string | undefined): GatewayOptions {
  return { operatorToken, ...edgeOptionsFrom(settings) };
}
