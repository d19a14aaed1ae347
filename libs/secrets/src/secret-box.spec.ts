import { randomBytes } from 'node:crypto';
import { SecretBox, generateSecretKey } from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  const box = new SecretBox(generateSecretKey());

  it('round-trips and never stores the plain secret', () => {
    const secret = randomBytes(32).toString('base64url');
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(box.open(sealed)).toBe(secret);
    expect(box.seal(secret)).not.toBe(sealed);
  });

  it('refuses tampered ciphertext and a foreign key', () => {
    const sealed = box.seal('whsec_x');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox(generateSecretKey()).open(sealed)).toThrow();
  });

  it('needs a key of exactly 32 bytes', () => {
    expect(() => new SecretBox(Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
