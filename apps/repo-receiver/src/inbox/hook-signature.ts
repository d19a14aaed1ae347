import { createHmac, timingSafeEqual } from 'node:crypto';

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GitHub: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`, compared in constant
 * time against each secret still valid (the current one, and the previous one for 24 h after a
 * rotation). Only the sha256 form counts: `sha1=` alone is refused.
 */
export function githubSignatureValid(rawBody: Buffer, header: string | undefined, secrets: readonly string[]): boolean {
  if (!header || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'utf8');
  let valid = false;
  for (const secret of secrets) {
    const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'), 'utf8');
    // Every secret is checked, so the time taken does not tell which one matched.
    valid = sameBytes(given, expected) || valid;
  }
  return valid;
}

/**
 * Whether `X-Hub-Signature-256` has the form GitHub sends (`sha256=` and 64 lowercase hex digits).
 * One that has not can match no secret, so the body need not be read to refuse it.
 */
export function githubSignatureWellFormed(header: string | undefined): boolean {
  return header !== undefined && /^sha256=[0-9a-f]{64}$/.test(header);
}

/** GitLab: `X-Gitlab-Token` is the secret itself; compared in constant time. */
export function gitlabTokenValid(header: string | undefined, secrets: readonly string[]): boolean {
  if (!header) return false;
  const given = Buffer.from(header, 'utf8');
  let valid = false;
  for (const secret of secrets) valid = sameBytes(given, Buffer.from(secret, 'utf8')) || valid;
  return valid;
}
