/** Case and `+tag` do not make another person: `Pat+news@Example.com` is `pat@example.com`. */
export function normalizeEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  return at < 0 ? lower : `${lower.slice(0, at).replace(/\+.*$/, '')}${lower.slice(at)}`;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * A PostgreSQL regular expression (for `~*` and `regexp_replace(…, 'gi')`) that finds the address in
 * free text in every spelling that normalizes to it (any case, any `+tag`), and not inside a longer
 * address (`spat@example.com`, `pat@example.com.au`). The text it is applied to may be JSON: the
 * characters of an address need no escaping there.
 */
export function emailAddressPattern(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  const local = escapeRegex(normalized.slice(0, at));
  const domain = escapeRegex(normalized.slice(at + 1));
  return `(?<![a-z0-9._%+-])${local}(\\+[^@\\s"\\\\]*)?@${domain}(?![a-z0-9-]|\\.[a-z0-9])`;
}

/** What an erased address is replaced with in stored text; no quote or backslash, so JSON stays JSON. */
export const ERASED = '[erased]';
