import { SecretBox, generateSecretKey } from './secret-box';
import { SECRET_ROTATION_OVERLAP_MS, rotatedSecret } from './secret-rotation';

describe('rotatedSecret', () => {
  it('seals the new secret and keeps the current one for the overlap', () => {
    const box = new SecretBox(generateSecretKey());
    const current = { secretEncrypted: box.seal('old secret') };
    const now = Date.parse('2026-11-26T10:00:00.000Z');
    const columns = rotatedSecret(box, current, 'new secret', now);
    expect(box.open(columns.secretEncrypted)).toBe('new secret');
    expect(columns.previousSecretEncrypted).toBe(current.secretEncrypted);
    expect(columns.previousSecretExpiresAt.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(SECRET_ROTATION_OVERLAP_MS).toBe(24 * 3600_000);
  });
});
