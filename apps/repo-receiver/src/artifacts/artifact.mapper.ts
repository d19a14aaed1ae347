import { BranchArtifact, CommitArtifact, LinkedBy, PullRequestArtifact, PullRequestState, RepoProvider } from '@pds/contracts';
import type { RepoBranch, RepoCommit, RepoPullRequest } from '../generated/repos/client';

function origin(row: { provider: string; repository: string; connectionId: string; id: string }, linkedBy: Map<string, LinkedBy[]>) {
  return { provider: row.provider as RepoProvider, repository: row.repository, connectionId: row.connectionId, linkedBy: linkedBy.get(row.id) ?? [] };
}

export function toBranchArtifact(row: RepoBranch, linkedBy: Map<string, LinkedBy[]>): BranchArtifact {
  return {
    name: row.name,
    url: row.url,
    lastCommitSha: row.lastCommitSha,
    deleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
    ...origin(row, linkedBy),
  };
}

export function toCommitArtifact(row: RepoCommit, linkedBy: Map<string, LinkedBy[]>): CommitArtifact {
  return {
    sha: row.sha,
    shortSha: row.shortSha,
    message: row.message,
    url: row.url,
    authorName: row.authorName,
    committedAt: row.committedAt?.toISOString() ?? null,
    ...origin(row, linkedBy),
  };
}

export function toPullRequestArtifact(row: RepoPullRequest, linkedBy: Map<string, LinkedBy[]>): PullRequestArtifact {
  return {
    number: row.number,
    title: row.title,
    url: row.url,
    state: row.state as PullRequestState,
    sourceBranch: row.sourceBranch,
    targetBranch: row.targetBranch,
    authorLogin: row.authorLogin,
    mergedAt: row.mergedAt?.toISOString() ?? null,
    ...origin(row, linkedBy),
  };
}
