import { ApiSchema } from '@nestjs/swagger';
import { WorkItemStatus } from '../common/enums';
import { Field, MutableRecordResponse, REPLAYED_WITHOUT_SECRET, Timestamped } from '../common/schema';
import { AutomationTrigger, LinkSource, PullRequestState, RepoDeliveryStatus, RepoProvider } from './repo.enums';

/** Status automations: each trigger moves linked items to a status, or does nothing (null). */
@ApiSchema({ description: 'Which status a linked work item moves to at each repository event (`null`: none).' })
export class RepoAutomationsResponse {
  @Field.enum(WorkItemStatus, { nullable: true }) onBranchCreated!: WorkItemStatus | null;
  @Field.enum(WorkItemStatus, { nullable: true }) onPullRequestOpened!: WorkItemStatus | null;
  @Field.enum(WorkItemStatus, { nullable: true }) onPullRequestDraft!: WorkItemStatus | null;
  @Field.enum(WorkItemStatus, { nullable: true }) onPullRequestMerged!: WorkItemStatus | null;
  @Field.enum(WorkItemStatus, { nullable: true }) onPullRequestClosed!: WorkItemStatus | null;
}

/** The same shape as a plain object type: Prisma's JSON columns accept it, a class they would not. */
export type RepoAutomations = Pick<RepoAutomationsResponse, AutomationTrigger>;

@Timestamped()
export class RepositoryResponse extends MutableRecordResponse {
  @Field.enum(RepoProvider) provider!: RepoProvider;
  @Field.string() fullName!: string;
  @Field.uri() webUrl!: string;
  @Field.string() defaultBranch!: string;
  @Field.uri({ description: 'Where the provider sends this repository\'s events' }) webhookUrl!: string;
  @Field.object(() => RepoAutomationsResponse) automations!: RepoAutomations;
  @Field.boolean() active!: boolean;
  @Field.timestamp({ nullable: true }) lastDeliveryAt!: string | null;
}

/** What to enter at the provider, in its own words. The secret itself is the answer's `secret` field only (shown once, never nested). */
@ApiSchema({ description: 'How to point the provider’s webhook at this service.' })
export class RepositorySetup {
  @Field.enum(RepoProvider) provider!: RepoProvider;
  /** Where the form is: the repository's webhook settings page. */
  @Field.uri() settingsUrl!: string;
  @Field.strings() steps!: string[];
  @Field.uri() payloadUrl!: string;
  @Field.string({ optional: true }) contentType?: string;
  @Field.strings() events!: string[];
}

/** Creation and rotation: the only answers that carry the secret. */
export class CreatedRepositoryResponse extends RepositoryResponse {
  @Field.string({ optional: true, description: REPLAYED_WITHOUT_SECRET }) secret!: string;
  @Field.object(() => RepositorySetup) setup!: RepositorySetup;
}

export class LinkedBy {
  @Field.enum(LinkSource) source!: LinkSource;
  /** The matched excerpt, at most 120 characters. */
  @Field.string() text!: string;
}

class ArtifactOrigin {
  @Field.enum(RepoProvider) provider!: RepoProvider;
  @Field.string() repository!: string;
  @Field.uuid() connectionId!: string;
  @Field.list(() => LinkedBy) linkedBy!: LinkedBy[];
}

export class BranchArtifact extends ArtifactOrigin {
  @Field.string() name!: string;
  @Field.uri() url!: string;
  @Field.string({ nullable: true }) lastCommitSha!: string | null;
  @Field.boolean() deleted!: boolean;
  @Field.timestamp() createdAt!: string;
}

export class CommitArtifact extends ArtifactOrigin {
  @Field.string() sha!: string;
  @Field.string() shortSha!: string;
  @Field.string() message!: string;
  @Field.uri() url!: string;
  @Field.string({ nullable: true }) authorName!: string | null;
  @Field.timestamp({ nullable: true }) committedAt!: string | null;
}

export class PullRequestArtifact extends ArtifactOrigin {
  @Field.integer() number!: number;
  @Field.string() title!: string;
  @Field.uri() url!: string;
  @Field.enum(PullRequestState) state!: PullRequestState;
  @Field.string() sourceBranch!: string;
  @Field.string() targetBranch!: string;
  @Field.string({ nullable: true }) authorLogin!: string | null;
  @Field.timestamp({ nullable: true }) mergedAt!: string | null;
}

/**
 * `GET /work-items/{id}/artifacts`: one page of each list, newest first (commits by `committedAt`,
 * branches and pull requests by when the service first saw them).
 */
export class WorkItemArtifactsResponse {
  @Field.list(() => BranchArtifact) branches!: BranchArtifact[];
  @Field.list(() => CommitArtifact) commits!: CommitArtifact[];
  @Field.list(() => PullRequestArtifact) pullRequests!: PullRequestArtifact[];
  @Field.string({
    nullable: true,
    description:
      'Pass as `cursor` for the next page; null when every list is complete. The next page continues each list that was cut and brings an empty array for a list already complete.',
  })
  nextCursor!: string | null;
}

/** How many artifacts of each kind a bounded read left out. */
export interface ArtifactCounts {
  branches: number;
  commits: number;
  pullRequests: number;
}

export class PreviewLink {
  @Field.string() key!: string;
  @Field.uuid() workItemId!: string;
  @Field.enum(WorkItemStatus) status!: WorkItemStatus;
  /** Whether a merged pull request with this text would run the merge automation for the item. */
  @Field.boolean() movesOnMerge!: boolean;
  @Field.list(() => LinkedBy) linkedBy!: LinkedBy[];
}

export class PreviewLinksResponse {
  @Field.list(() => PreviewLink) links!: PreviewLink[];
  /** Keys found in the text that name no work item of the organization. */
  @Field.strings() unknownKeys!: string[];
}

/** What a repository receiver answers the provider (200 for GitHub's ping, 202 otherwise). */
export class HookReceipt {
  @Field.boolean({ optional: true, description: "true: GitHub's ping was answered" }) ok?: boolean;
  @Field.boolean({ optional: true, description: 'true: stored; processed in the background' }) accepted?: boolean;
  @Field.uuid({ optional: true }) deliveryId?: string;
  @Field.boolean({ optional: true, description: 'true: an event this receiver does not process, or a repeated delivery' }) ignored?: boolean;
  @Field.string({ optional: true }) reason?: string;
}

/**
 * One provider delivery and what the receiver did with it, as GitHub's "Recent deliveries" shows
 * it; never its body. `GET /repositories/{id}/deliveries`, newest first.
 */
export class RepoDeliveryResponse {
  @Field.uuid() id!: string;
  /** `X-GitHub-Delivery`; GitLab: `X-Gitlab-Event-UUID`, else `Idempotency-Key`, else `sha256:` and the body's hash. */
  @Field.string() providerDeliveryId!: string;
  /** The provider's event name (`push`, `pull_request`, `Merge Request Hook`, …). */
  @Field.string() event!: string;
  @Field.timestamp() receivedAt!: string;
  @Field.enum(RepoDeliveryStatus) status!: RepoDeliveryStatus;
  /** Why it was ignored, failed, or is a duplicate; null when processed. */
  @Field.string({ nullable: true }) reason!: string | null;
  /** Keys of the work items it linked (`WI-12`). */
  @Field.strings() linkedWorkItemKeys!: string[];
}
