import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { isIP } from 'node:net';

/** Whose `X-Forwarded-For` to believe: nobody, the last `n` hops, or these proxy addresses/CIDRs. */
export type TrustProxy = false | number | string[];

const CIDR = /^(.+)\/(\d{1,3})$/;

function isAddressOrCidr(entry: string): boolean {
  const cidr = CIDR.exec(entry);
  const family = isIP(cidr ? cidr[1] : entry);
  return family !== 0 && (!cidr || Number(cidr[2]) <= (family === 4 ? 32 : 128));
}

/**
 * `TRUST_PROXY`: `false` (default), a hop count (`1` behind one ingress), or a comma list of the
 * proxies' addresses or CIDRs (`10.0.0.0/8,fd00::/8`). `true` is refused: it would let any client
 * choose its own address with `X-Forwarded-For`, and with it its rate-limit bucket.
 */
export function TrustProxySetting(): PropertyDecorator {
  return (target, key) => {
    Transform(({ obj }: { obj: Record<string | symbol, unknown> }) => {
      const raw = obj[key];
      if (raw === false || raw === undefined) return false;
      const text = String(raw).trim().toLowerCase();
      if (['false', '0', 'no', ''].includes(text)) return false;
      if (/^\d+$/.test(text)) return Number(text);
      return text.split(',').map((entry) => entry.trim());
    })(target, key);
    ValidateBy({
      name: 'trustProxy',
      validator: {
        validate: (value: unknown) =>
          value === false ||
          (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10) ||
          (Array.isArray(value) && value.length > 0 && value.every((entry) => typeof entry === 'string' && isAddressOrCidr(entry))),
        defaultMessage: () =>
          '$property must be false, a hop count from 1 to 10, or a comma list of proxy addresses or CIDRs (true would trust any X-Forwarded-For)',
      },
    })(target, key);
  };
}
