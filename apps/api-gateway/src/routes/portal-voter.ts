import { createHash } from 'node:crypto';

/**
 * What stands for a voter's client address in a portal vote: only this hash leaves the edge
 * (TRUST_PROXY decides whose address `request.ip` is). The JSON portal and the pages share it, so
 * one address votes once a day whichever it uses.
 */
export function voterAddressHash(organizationId: string, ip: string): string {
  return createHash('sha256').update(`${organizationId}/${ip}`).digest('hex');
}
