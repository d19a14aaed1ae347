import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'pos_sk_';
const SECRET_BYTES = 32;
/** pos_sk_ + base64url of 32 bytes (43 characters). */
const API_KEY_RE = /^pos_sk_[A-Za-z0-9_-]{43}$/;
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

export function isWellFormedApiKey(value: string): boolean {
  return API_KEY_RE.test(value);
}

/**
 * Keys carry 256 random bits, so an unsalted SHA-256 is as strong as a slow hash here and lets the
 * gateway find a key by an indexed equality lookup. Every authenticated request hashes its key: the
 * one-shot `hash` skips the Hash object of `createHash`.
 */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** What lists show so that a person can recognise a key without it being usable. */
export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
