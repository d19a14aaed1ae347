import { createHmac } from 'node:crypto';

/** `X-SVC-Signature` value: `sha256=` + hex HMAC-SHA256 of the raw body keyed with the secret as given. */
export function contractSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Standard Webhooks key: the base64 after `whsec_` (the whole secret when it has no such prefix). */
function standardKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

/** One `v1,<base64>` entry of `webhook-signature`: HMAC-SHA256 over `id.timestamp.body`. */
export function standardSignature(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', standardKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * Headers of one attempt. `secrets` is newest first; during a rotation both sign the Standard
 * Webhooks header (space separated), while X-SVC-Signature carries the newest only.
 */
export function signatureHeaders(secrets: readonly string[], id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'x-svc-signature': contractSignature(secrets[0], body),
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => standardSignature(secret, id, timestamp, body)).join(' '),
  };
}
