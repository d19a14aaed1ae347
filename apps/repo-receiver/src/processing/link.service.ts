import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, LinkSource, LinkedBy, ResolvedWorkItem, WorkItemStatus } from '@pds/contracts';
import { LOGGER, Logger } from '@pds/observability';
import { refusedValue } from '@pds/persistence';
import { ConnectionCache, ReceiverConnection } from '../connections/connection.cache';
import { DeliveryStatus, FinishedDelivery, ReceivedDeliveryRepository, WaitingDelivery } from '../inbox/received-delivery.repository';
import { type ProviderEvent, type PushEvent, type ReviewEvent, isoTimestamp } from '../inbox/provider-event';
import { ArtifactKind } from '../artifacts/artifact.repository';
import { KeyMatch, findKeys, groupByKey } from '../links/key-matcher';
import { WorkItemClient, automationAuth } from '../links/work-item.client';
import { ArtifactBatchRepository, ArtifactOrigin, BatchWrites, NewLink, PullRequestWrite } from './artifact-batch.repository';
import { artifactUrls } from './artifact-urls';
import { automationStatus, mayMove } from './automation.rules';
import { unstorableReason } from './payload-limits';
import { ReviewState, StoredReview, olderThanStored, replaces } from './review-order';

const MAX_COMMIT_MESSAGE = 2000;

/** Attempts of one automation move when a person edits the item at the same moment. */
const MOVE_ATTEMPTS = 3;

/** Why a pull/merge request delivery changed nothing (docs/decisions.md, Repositories). */
const OLDER_STATE = 'older than the pull/merge request state already stored (by the payload\'s updated_at); nothing changed';

export interface DeliveryToProcess {
  organizationId: string;
  deliveryId: string;
}

/** An artifact of a delivery, named by its natural key (branch name, sha, number), with the keys its texts name. */
interface PlannedArtifact {
  kind: ArtifactKind;
  natural: string;
  matches: KeyMatch[];
}

/** What one delivery writes and which automation it may run. */
interface DeliveryPlan {
  delivery: WaitingDelivery;
  connection: ReceiverConnection;
  artifacts: PlannedArtifact[];
  /** The pull/merge request state it writes; null for a push. */
  review: PullRequestWrite | null;
  target: WorkItemStatus | null;
  /** Its links, filled in once the batch's keys are resolved, and the keys of the items they link. */
  links: NewLink[];
  linkedKeys: string[];
  /** The items its automation would move. */
  moves: ResolvedWorkItem[];
}

/**
 * Processes stored deliveries, a batch at a time: stores their artifacts, links them to the work
 * items whose keys they name (only items of the connection's organization), then runs the
 * connections' status automations. A batch costs three round trips whatever its size: one read of
 * the deliveries, one request to delivery-intake per organization for all their keys, and one
 * statement that writes every branch, commit, pull request and link and marks the deliveries done.
 * The deliveries of one repository are applied in the order given (the caller keeps a repository's
 * deliveries in arrival order), except that a pull/merge request state older than the one stored
 * (by the provider's `updated_at`) changes nothing and runs no automation. Safe to run twice:
 * artifacts and links are upserts, automations only move forward. A delivery whose values its
 * columns cannot hold is marked FAILED at once with one warning, never retried.
 */
@Injectable()
export class LinkService {
  constructor(
    @Inject(ReceivedDeliveryRepository) private readonly deliveries: ReceivedDeliveryRepository,
    @Inject(ConnectionCache) private readonly connections: ConnectionCache,
    @Inject(ArtifactBatchRepository) private readonly artifacts: ArtifactBatchRepository,
    @Inject(WorkItemClient) private readonly workItems: WorkItemClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Processes the deliveries still waiting among `batch`, in its order. */
  async process(batch: readonly DeliveryToProcess[]): Promise<void> {
    const rows = await this.deliveries.waiting(batch.map((d) => ({ organizationId: d.organizationId, id: d.deliveryId })));
    if (rows.length === 0) return;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const waiting = batch.flatMap((d) => byId.get(d.deliveryId) ?? []);
    const writes: BatchWrites = { branches: [], commits: [], pullRequests: [], links: [], finished: [] };
    const plans: DeliveryPlan[] = [];
    const connections = await Promise.all(waiting.map((d) => this.connections.forOrganization(d.organizationId, d.connectionId)));
    waiting.forEach((delivery, i) => {
      const connection = connections[i];
      const unstorable = connection ? unstorableReason(delivery.payload) : null;
      if (!connection) writes.finished.push(done(delivery, DeliveryStatus.IGNORED, 'the connection was deleted before processing'));
      else if (unstorable) writes.finished.push(this.failed(delivery, unstorable));
      else plans.push(this.plan(delivery, connection, writes));
    });
    const items = await this.resolveKeys(plans);

    // A request's state that does not replace the one before it in the batch is older: it writes
    // nothing (the statement would not either) and runs nothing.
    const latest = new Map<string, ReviewState>();
    const sequences = new Map<string, DeliveryPlan[]>();
    const current: DeliveryPlan[] = [];
    for (const plan of plans) {
      if (plan.review) {
        const key = reviewKey(plan.review);
        const before = latest.get(key);
        if (before && !replaces(before, plan.review)) {
          writes.finished.push(done(plan.delivery, DeliveryStatus.IGNORED, OLDER_STATE));
          continue;
        }
        latest.set(key, plan.review);
        sequences.set(key, [...(sequences.get(key) ?? []), plan]);
        writes.pullRequests.push(plan.review);
      }
      this.link(plan, items.get(plan.delivery.organizationId));
      writes.links.push(...plan.links);
      current.push(plan);
    }
    // One with an automation to run is marked done after it, once the write told whether its state is current.
    for (const plan of current) if (!plan.moves.length) writes.finished.push(processed(plan));

    let stored: Map<string, StoredReview>;
    try {
      stored = await this.artifacts.writeBatch(writes);
    } catch (error) {
      // Alone in its batch (a failed batch is retried delivery by delivery) and refused for one of
      // its values: it would fail the same way every time.
      const refused = waiting.length === 1 ? refusedValue(error) : null;
      if (!refused) throw error;
      await this.deliveries.finish([this.failed(waiting[0], `the database refused a value: ${refused}`)]);
      return;
    }

    // States older than the one stored before this batch (a replay, a late redelivery) wrote no
    // links either: the statement compared each link's state with the stored one.
    const older = new Set<DeliveryPlan>();
    for (const [key, sequence] of sequences) {
      const count = olderThanStored(sequence.map((plan) => plan.review as PullRequestWrite), stored.get(key) ?? { prior: null, written: null });
      for (const plan of sequence.slice(0, count)) older.add(plan);
    }
    const corrections = [...older].filter((plan) => !plan.moves.length).map((plan) => done(plan.delivery, DeliveryStatus.IGNORED, OLDER_STATE));
    const automated = current.filter((plan) => plan.moves.length);
    if (automated.length === 0) {
      await this.deliveries.finish(corrections);
      return;
    }

    // After the write: a move is a request to delivery-intake. A repository's deliveries move their
    // items in order; different repositories' side by side.
    const byRepository = new Map<string, DeliveryPlan[]>();
    for (const plan of automated.filter((p) => !older.has(p))) byRepository.set(plan.connection.id, [...(byRepository.get(plan.connection.id) ?? []), plan]);
    await Promise.all(
      [...byRepository.values()].map(async (repositoryPlans) => {
        for (const plan of repositoryPlans) {
          for (const item of plan.moves) await this.automate(plan.delivery.organizationId, plan.connection, item, plan.target as WorkItemStatus);
        }
      }),
    );
    await this.deliveries.finish([
      ...corrections,
      ...automated.map((plan) => (older.has(plan) ? done(plan.delivery, DeliveryStatus.IGNORED, OLDER_STATE) : processed(plan))),
    ]);
  }

  /** The plan's links to the items its keys name, and the items its automation would move. */
  private link(plan: DeliveryPlan, items: Map<string, ResolvedWorkItem> | undefined): void {
    const { organizationId } = plan.delivery;
    const moved = new Map<string, ResolvedWorkItem>();
    // A pull request's links carry its state: the statement writes them only when it is not older than the stored one.
    const state = { reviewState: plan.review?.state ?? null, reviewUpdatedAt: plan.review?.updatedAt ?? null };
    for (const artifact of plan.artifacts) {
      for (const [key, { linkedBy, automates }] of groupByKey(artifact.matches)) {
        const item = items?.get(key);
        if (!item) continue;
        plan.links.push({
          organizationId,
          workItemId: item.id,
          kind: artifact.kind,
          connectionId: plan.connection.id,
          natural: artifact.natural,
          linkedBy: linkedBy as LinkedBy[],
          ...state,
        });
        if (!plan.linkedKeys.includes(item.key)) plan.linkedKeys.push(item.key);
        if (automates && plan.target) moved.set(item.id, item);
      }
    }
    plan.moves = [...moved.values()];
  }

  /** Marked FAILED with the reason, and said once: a value its columns cannot hold never changes. */
  private failed(delivery: WaitingDelivery, reason: string): FinishedDelivery {
    this.logger.warn(
      { deliveryId: delivery.id, connectionId: delivery.connectionId, organizationId: delivery.organizationId, reason },
      'repository delivery cannot be stored; marked failed, not retried',
    );
    return done(delivery, DeliveryStatus.FAILED, reason);
  }

  /** The work items the batch's keys name, by organization then key: one request per organization. */
  private async resolveKeys(plans: readonly DeliveryPlan[]): Promise<Map<string, Map<string, ResolvedWorkItem>>> {
    const keys = new Map<string, Set<string>>();
    for (const plan of plans) {
      const wanted = keys.get(plan.delivery.organizationId) ?? new Set<string>();
      for (const artifact of plan.artifacts) for (const match of artifact.matches) wanted.add(match.key);
      keys.set(plan.delivery.organizationId, wanted);
    }
    const found = await Promise.all(
      [...keys].map(async ([organizationId, wanted]) => {
        const items = await this.workItems.resolveKeys(organizationId, [...wanted]);
        return [organizationId, new Map(items.map((item) => [item.key, item]))] as const;
      }),
    );
    return new Map(found);
  }

  private plan(delivery: WaitingDelivery, connection: ReceiverConnection, writes: BatchWrites): DeliveryPlan {
    const event = delivery.payload as ProviderEvent;
    const origin: ArtifactOrigin = {
      organizationId: delivery.organizationId,
      connectionId: connection.id,
      provider: connection.provider,
      repository: connection.fullName,
    };
    const urls = artifactUrls(connection.provider, connection.webUrl);
    const target = automationStatus(event, connection.defaultBranch, connection.automations) as WorkItemStatus | null;
    const plan: DeliveryPlan = { delivery, connection, artifacts: [], review: null, target, links: [], linkedKeys: [], moves: [] };
    if (event.kind === 'push') plan.artifacts = this.planPush(event, origin, urls, writes);
    else [plan.review, plan.artifacts] = this.planReview(event, origin, urls);
    return plan;
  }

  private planPush(event: PushEvent, origin: ArtifactOrigin, urls: ReturnType<typeof artifactUrls>, writes: BatchWrites): PlannedArtifact[] {
    // A deleted branch keeps its row (marked) and links; nothing new is stored.
    if (event.deleted) {
      writes.branches.push({ ...origin, name: event.branch, url: null, lastCommitSha: null, deleted: true });
      return [];
    }
    writes.branches.push({ ...origin, name: event.branch, url: urls.branch(event.branch), lastCommitSha: event.headSha, deleted: false });
    const planned: PlannedArtifact[] = [{ kind: ArtifactKind.BRANCH, natural: event.branch, matches: findKeys(event.branch, LinkSource.branch) }];
    for (const commit of event.commits) {
      writes.commits.push({
        ...origin,
        sha: commit.sha,
        shortSha: commit.sha.slice(0, 7),
        message: commit.message.slice(0, MAX_COMMIT_MESSAGE),
        url: urls.commit(commit.sha),
        authorName: commit.authorName,
        committedAt: isoTimestamp(commit.committedAt),
      });
      planned.push({ kind: ArtifactKind.COMMIT, natural: commit.sha, matches: findKeys(commit.message, LinkSource.commit_message) });
    }
    return planned;
  }

  private planReview(event: ReviewEvent, origin: ArtifactOrigin, urls: ReturnType<typeof artifactUrls>): [PullRequestWrite, PlannedArtifact[]] {
    const review: PullRequestWrite = {
      ...origin,
      number: event.number,
      title: event.title,
      url: urls.review(event.number),
      state: event.state,
      sourceBranch: event.sourceBranch,
      targetBranch: event.targetBranch,
      authorLogin: event.authorLogin,
      mergedAt: isoTimestamp(event.mergedAt),
      // Deliveries stored before the time was read have none.
      updatedAt: isoTimestamp(event.updatedAt),
    };
    const matches = [...findKeys(event.title, LinkSource.title), ...findKeys(event.body, LinkSource.body), ...findKeys(event.sourceBranch, LinkSource.branch)];
    return [review, [{ kind: ArtifactKind.PULL_REQUEST, natural: String(event.number), matches }]];
  }

  /**
   * Moves through delivery-intake's PATCH code (so it emits work_item.status_changed), forward
   * only. The item's status and updatedAt are updated in place, so a later delivery of the batch
   * that moves it again starts from the new state.
   */
  private async automate(organizationId: string, connection: ReceiverConnection, item: ResolvedWorkItem, target: WorkItemStatus): Promise<void> {
    let current = item;
    for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt++) {
      // An archived item keeps its new links, but its status stays as it was archived.
      if (current.archivedAt !== null || !mayMove(current.status, target)) return;
      try {
        const moved = await this.workItems.moveStatus(automationAuth(organizationId, connection.id), current.id, target, current.updatedAt);
        Object.assign(item, { status: moved.status, updatedAt: moved.updatedAt });
        return;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt === MOVE_ATTEMPTS) throw error;
        // Someone changed the item meanwhile: decide again on its new status.
        const [fresh] = await this.workItems.resolveKeys(organizationId, [current.key]);
        if (!fresh) return;
        current = Object.assign(item, { status: fresh.status, updatedAt: fresh.updatedAt, archivedAt: fresh.archivedAt });
      }
    }
    this.logger.warn({ workItemId: item.id, connectionId: connection.id }, 'repository automation gave up after concurrent edits');
  }
}

function done(delivery: WaitingDelivery, status: DeliveryStatus, reason: string | null, linkedKeys: string[] = []): FinishedDelivery {
  return { id: delivery.id, organizationId: delivery.organizationId, status, reason, linkedKeys };
}

function processed(plan: DeliveryPlan): FinishedDelivery {
  return done(plan.delivery, DeliveryStatus.PROCESSED, null, plan.linkedKeys);
}

function reviewKey(review: PullRequestWrite): string {
  return `${review.connectionId}/${review.number}`;
}
