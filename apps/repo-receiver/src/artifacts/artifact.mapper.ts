import { BranchArtifact, CommitArtifact, PullRequestArtifact, PullRequestState, RepoProvider } from '@pds/contracts';
import type { BranchRow, CommitRow, PullRequestRow } from './artifact.repository';

/** Raw rows may hand timestamps back as Date or as text, depending on the driver. */
function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return new Date(value).toISOString();
}

function origin(row: BranchRow | CommitRow | PullRequestRow) {
  return { provider: row.provider as RepoProvider, repository: row.repository, connectionId: row.connection_id, linkedBy: row.linked_by ?? [] };
}

export function toBranchArtifact(row: BranchRow): BranchArtifact {
  return {
    name: row.name,
    url: row.url,
    lastCommitSha: row.last_commit_sha,
    deleted: row.deleted_at !== null,
    createdAt: iso(row.created_at) as string,
    ...origin(row),
  };
}

export function toCommitArtifact(row: CommitRow): CommitArtifact {
  return {
    sha: row.sha,
    shortSha: row.short_sha,
    message: row.message,
    url: row.url,
    authorName: row.author_name,
    committedAt: iso(row.committed_at),
    ...origin(row),
  };
}

export function toPullRequestArtifact(row: PullRequestRow): PullRequestArtifact {
  return {
    number: row.number,
    title: row.title,
    url: row.url,
    state: row.state as PullRequestState,
    sourceBranch: row.source_branch,
    targetBranch: row.target_branch,
    authorLogin: row.author_login,
    mergedAt: iso(row.merged_at),
    ...origin(row),
  };
}
