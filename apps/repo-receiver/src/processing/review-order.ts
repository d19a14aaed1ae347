import { PullRequestState } from '@pds/contracts';

/** A pull/merge request state as ordered: the provider's `updated_at` (ISO 8601) and the state. */
export interface ReviewState {
  updatedAt: string | null;
  state: string;
}

/**
 * Whether `next` may replace `current` (docs/decisions.md, Repositories): a merged request stays merged
 * (neither provider can reopen one), and otherwise the state the provider changed last wins; equal
 * times keep arrival order. A state without a time (a delivery stored before times were read)
 * replaces only one without a time, and anything replaces it. The upsert of ArtifactBatchRepository
 * applies the same rule in SQL, where it decides across batches and replicas.
 */
export function replaces(current: ReviewState, next: ReviewState): boolean {
  if (current.state === PullRequestState.MERGED && next.state !== PullRequestState.MERGED) return false;
  if (current.updatedAt === null) return true;
  return next.updatedAt !== null && next.updatedAt >= current.updatedAt;
}

/** What the batch statement found for one pull request (locked) and whether its write applied. */
export interface StoredReview {
  /** The stored state before the statement; null when there was no row. */
  prior: ReviewState | null;
  /** `inserted`, `updated`, or null when the stored state was newer and nothing was written. */
  written: 'inserted' | 'updated' | null;
}

/**
 * How many of a pull request's deliveries in a batch (in order, each replacing the one before) are
 * older than the state that was stored: they changed nothing and run no automation. When the row
 * appeared meanwhile (another replica inserted it between this statement's snapshot and its
 * insert) the stored state is unknown: only the last delivery, whose write applied, counts.
 */
export function olderThanStored(sequence: readonly ReviewState[], stored: StoredReview): number {
  if (stored.written === null) return sequence.length;
  if (stored.prior === null) return stored.written === 'inserted' ? 0 : sequence.length - 1;
  const prior = stored.prior;
  const first = sequence.findIndex((state) => replaces(prior, state));
  return first === -1 ? sequence.length : first;
}
