import type { WorkItemStatus } from '../common/enums';
import type { LinkSource, PullRequestState, RepoProvider } from './repo.enums';

export type RepoAutomations = Record<
  'onBranchCreated' | 'onPullRequestOpened' | 'onPullRequestDraft' | 'onPullRequestMerged' | 'onPullRequestClosed',
  WorkItemStatus | null
>;

export interface RepositoryResponse {
  id: string;
  provider: RepoProvider;
  fullName: string;
  webUrl: string;
  defaultBranch: string;
  webhookUrl: string;
  automations: RepoAutomations;
  active: boolean;
  lastDeliveryAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What to enter at the provider, in its own words. The secret itself is the answer's `secret` field only (shown once, never nested). */
export interface RepositorySetup {
  provider: RepoProvider;
  /** Where the form is: the repository's webhook settings page. */
  settingsUrl: string;
  steps: string[];
  payloadUrl: string;
  contentType?: string;
  events: string[];
}

/** Creation and rotation: the only answers that carry the secret. */
export interface CreatedRepositoryResponse extends RepositoryResponse {
  secret: string;
  setup: RepositorySetup;
}

export interface LinkedBy {
  source: LinkSource;
  /** The matched excerpt, at most 120 characters. */
  text: string;
}

interface ArtifactOrigin {
  provider: RepoProvider;
  repository: string;
  connectionId: string;
  linkedBy: LinkedBy[];
}

export interface BranchArtifact extends ArtifactOrigin {
  name: string;
  url: string;
  lastCommitSha: string | null;
  deleted: boolean;
  createdAt: string;
}

export interface CommitArtifact extends ArtifactOrigin {
  sha: string;
  shortSha: string;
  message: string;
  url: string;
  authorName: string | null;
  committedAt: string | null;
}

export interface PullRequestArtifact extends ArtifactOrigin {
  number: number;
  title: string;
  url: string;
  state: PullRequestState;
  sourceBranch: string;
  targetBranch: string;
  authorLogin: string | null;
  mergedAt: string | null;
}

/** `GET /work-items/{id}/artifacts`: each list newest first. */
export interface WorkItemArtifactsResponse {
  branches: BranchArtifact[];
  commits: CommitArtifact[];
  pullRequests: PullRequestArtifact[];
}

export interface PreviewLink {
  key: string;
  workItemId: string;
  status: WorkItemStatus;
  /** Whether a merged pull request with this text would run the merge automation for the item. */
  movesOnMerge: boolean;
  linkedBy: LinkedBy[];
}

export interface PreviewLinksResponse {
  links: PreviewLink[];
  /** Keys found in the text that name no work item of the organization. */
  unknownKeys: string[];
}
