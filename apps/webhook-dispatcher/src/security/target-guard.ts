import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import type { LookupAddress, LookupOneOptions } from 'node:dns';

/** Ranges no webhook may reach, with the reason named in errors. */
const BLOCKED: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['0.0.0.0', 8, 'ipv4', 'this-network'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local / metadata'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['fc00::', 7, 'ipv6', 'unique local'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
  // Teredo tunnels and local-use NAT64 can reach anything behind them; neither is a public endpoint.
  ['2001::', 32, 'ipv6', 'Teredo'],
  ['64:ff9b:1::', 48, 'ipv6', 'local-use NAT64'],
];

const LISTS = BLOCKED.map(([network, prefix, type, reason]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, reason };
});

/** The eight 16-bit words of an IPv6 address (`::` expanded, a trailing dotted IPv4 split), or null. */
function ipv6Words(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length) return null;
  const parse = (part: string | undefined) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const words = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return words.length === 8 && words.every((word) => Number.isInteger(word) && word >= 0 && word <= 0xffff) ? words : null;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 address carries and in which form: IPv4-mapped (`::ffff:a.b.c.d`),
 * NAT64 (`64:ff9b::a.b.c.d`), 6to4 (`2002:AABB:CCDD::`) and IPv4-compatible (`::a.b.c.d`). Such an
 * address is judged by the IPv4 rules: it reaches that IPv4 host.
 */
function embeddedIPv4(address: string): { ipv4: string; form: string } | null {
  const w = ipv6Words(address);
  if (!w) return null;
  const zero = (from: number, to: number) => w.slice(from, to).every((word) => word === 0);
  if (zero(0, 5) && w[5] === 0xffff) return { ipv4: ipv4Of(w[6], w[7]), form: 'IPv4-mapped' };
  if (w[0] === 0x64 && w[1] === 0xff9b && zero(2, 6)) return { ipv4: ipv4Of(w[6], w[7]), form: 'NAT64' };
  if (w[0] === 0x2002) return { ipv4: ipv4Of(w[1], w[2]), form: '6to4' };
  // `::` and `::1` are blocked as themselves; other `::/96` addresses are IPv4-compatible.
  if (zero(0, 6) && (w[6] !== 0 || w[7] > 1)) return { ipv4: ipv4Of(w[6], w[7]), form: 'IPv4-compatible' };
  return null;
}

/**
 * Why an IP address may not be a webhook target, or null. An IPv6 address that embeds an IPv4
 * address counts as that IPv4 address, which the reason names: URL parsing turns
 * `[::ffff:127.0.0.1]` into `[::ffff:7f00:1]`.
 */
export function blockedReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  const embedded = family === 6 ? embeddedIPv4(bare) : null;
  if (embedded) {
    const reason = blockedReason(embedded.ipv4);
    return reason ? `${reason}, ${embedded.form} ${embedded.ipv4}` : null;
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const { list, reason } of LISTS) if (list.check(bare, type)) return reason;
  return null;
}

export class BlockedTargetError extends Error {
  constructor(readonly address: string, readonly reason: string) {
    super(`target address ${address} is not allowed (${reason})`);
    this.name = 'BlockedTargetError';
  }
}

function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function resolveAll(hostname: string, timeoutMs: number): Promise<LookupAddress[] | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      resolve(error ? null : addresses);
    });
  });
}

/**
 * The check at create/update: IP literals (after WHATWG parsing, so `2130706433`, `0x7f.1` and
 * `0177.0.0.1` are already 127.0.0.1) are checked directly, `localhost` names are refused, other
 * names are resolved and every address checked. A name that does not resolve now passes: the
 * check at every attempt decides then. Returns the reason a URL is refused, or null.
 */
export async function targetProblem(rawUrl: string, dnsTimeoutMs = 3000): Promise<string | null> {
  const hostname = new URL(rawUrl).hostname.replace(/^\[|\]$/g, '');
  if (isIP(hostname)) {
    const reason = blockedReason(hostname);
    return reason ? `target address ${hostname} is not allowed (${reason})` : null;
  }
  if (isLocalhostName(hostname)) return `target host ${hostname} is not allowed (loopback)`;
  const addresses = await resolveAll(hostname, dnsTimeoutMs);
  for (const { address } of addresses ?? []) {
    const reason = blockedReason(address);
    if (reason) return `target host ${hostname} resolves to ${address}, which is not allowed (${reason})`;
  }
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the connection itself: resolves, refuses the connection when any address is
 * blocked, and hands the socket exactly the addresses it checked (no second resolution, so DNS
 * rebinding cannot swap the address between check and connect).
 */
export function guardedLookup(hostname: string, options: LookupOneOptions & { all?: boolean }, callback: LookupCallback): void {
  if (isLocalhostName(hostname)) {
    callback(new BlockedTargetError(hostname, 'loopback'), '', 0);
    return;
  }
  dnsLookup(hostname, { all: true, verbatim: true, family: options.family }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    for (const { address } of addresses) {
      const reason = blockedReason(address);
      if (reason) return callback(new BlockedTargetError(address, reason), '', 0);
    }
    if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
