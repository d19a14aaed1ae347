import type { SecretBox } from './secret-box';

/**
 * How long the secret before a rotation keeps working: outbound webhooks keep signing with it too,
 * repository receivers keep accepting it, so that the other side can be updated without a gap.
 */
export const SECRET_ROTATION_OVERLAP_MS = 24 * 3600_000;

/** The columns a rotation writes: the new secret sealed, the current one kept until the overlap ends. */
export interface RotatedSecretColumns {
  secretEncrypted: string;
  previousSecretEncrypted: string;
  previousSecretExpiresAt: Date;
}

export function rotatedSecret(box: SecretBox, current: { secretEncrypted: string }, secret: string, now = Date.now()): RotatedSecretColumns {
  return {
    secretEncrypted: box.seal(secret),
    previousSecretEncrypted: current.secretEncrypted,
    previousSecretExpiresAt: new Date(now + SECRET_ROTATION_OVERLAP_MS),
  };
}
