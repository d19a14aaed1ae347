import type { ProviderEvent } from '../inbox/provider-event';

/** Pull/merge request numbers are stored as a PostgreSQL `integer`. */
export const MAX_REVIEW_NUMBER = 2_147_483_647;

/**
 * Bytes of a branch name or commit id: each is a key of a unique B-tree index, whose entries
 * PostgreSQL caps at 2,704 bytes (uncompressed, with the connection id beside it). Git itself has
 * no such cap, GitHub and GitLab refuse names far shorter than this.
 */
export const MAX_KEY_BYTES = 1024;

function tooLong(value: string): boolean {
  // A UTF-8 character is at most 4 bytes: most names need no count.
  return value.length * 4 > MAX_KEY_BYTES && Buffer.byteLength(value, 'utf8') > MAX_KEY_BYTES;
}

/**
 * Why a stored delivery can never be written, or null when it can: a value its column cannot hold.
 * Such a delivery would fail the same way on every retry, so processing marks it FAILED with this
 * reason instead (docs/decisions.md, Hardening, second round). Timestamps need no check: they are read as null
 * when the column could not hold them (`isoTimestamp`).
 */
export function unstorableReason(payload: unknown): string | null {
  const event = payload as ProviderEvent | null;
  if (event?.kind === 'review') {
    const { number } = event;
    if (!Number.isSafeInteger(number) || number < 1 || number > MAX_REVIEW_NUMBER) {
      return `pull/merge request number ${number} is outside 1 to ${MAX_REVIEW_NUMBER}`;
    }
    return null;
  }
  if (event?.kind === 'push') {
    if (typeof event.branch !== 'string' || !Array.isArray(event.commits)) return 'the stored payload is not a push this version reads';
    if (tooLong(event.branch)) return `branch name is longer than ${MAX_KEY_BYTES} bytes`;
    const index = event.commits.findIndex((commit) => typeof commit?.sha !== 'string' || tooLong(commit.sha));
    if (index >= 0) return `commits[${index}].id is longer than ${MAX_KEY_BYTES} bytes`;
    return null;
  }
  return 'the stored payload is not one this version reads';
}
