import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const FORMAT = 'v1';

/**
 * AES-256-GCM for secrets at rest (outbound webhook signing secrets, repository receiver
 * secrets): `v1.<iv>.<tag>.<ciphertext>` (base64url parts). The key never leaves this object; a
 * tampered or foreign ciphertext fails to open.
 */
export class SecretBox {
  private readonly key: Buffer;

  /** `keyName` names the setting in the error a wrong key gives (WEBHOOK_SECRET_KEY, REPO_SECRET_KEY). */
  constructor(base64Key: string, keyName = 'the secret key') {
    const key = Buffer.from(base64Key, 'base64');
    if (key.length !== 32) throw new Error(`${keyName} must be the base64 encoding of exactly 32 bytes`);
    this.key = key;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [FORMAT, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [format, iv, tag, ciphertext] = sealed.split('.');
    if (format !== FORMAT || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** A new encryption key (base64 of 32 random bytes) for WEBHOOK_SECRET_KEY or REPO_SECRET_KEY. */
export function generateSecretKey(): string {
  return randomBytes(32).toString('base64');
}
