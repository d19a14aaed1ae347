import { KeyObject, createHmac, createSecretKey } from 'node:crypto';

/**
 * A secret's two HMAC keys, imported once: importing a key from a string cost as much as the HMAC
 * of a whole body, twice per attempt.
 */
export interface SigningKey {
  /** The secret string as returned, UTF-8 bytes (X-SVC-Signature). */
  contract: KeyObject;
  /** The Standard Webhooks key (webhook-signature). */
  standard: KeyObject;
}

/** Standard Webhooks key: the base64 after `whsec_` (the whole secret when it has no such prefix). */
function standardKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

export function signingKey(secret: string): SigningKey {
  return { contract: createSecretKey(Buffer.from(secret, 'utf8')), standard: createSecretKey(standardKey(secret)) };
}

const keyOf = (secret: string | SigningKey): SigningKey => (typeof secret === 'string' ? signingKey(secret) : secret);

/** `X-SVC-Signature` value: `sha256=` + hex HMAC-SHA256 of the raw body keyed with the secret as given. */
export function contractSignature(secret: string | SigningKey, body: string): string {
  return `sha256=${createHmac('sha256', keyOf(secret).contract).update(body).digest('hex')}`;
}

/** One `v1,<base64>` entry of `webhook-signature`: HMAC-SHA256 over `id.timestamp.body`. */
export function standardSignature(secret: string | SigningKey, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret).standard).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Headers of one attempt. `secrets` is newest first; during a rotation both sign the Standard
 * Webhooks header (space separated), while X-SVC-Signature carries the newest only.
 */
export function signatureHeaders(secrets: readonly (string | SigningKey)[], id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'x-svc-signature': contractSignature(secrets[0], body),
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => standardSignature(secret, id, timestamp, body)).join(' '),
  };
}
