import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, LinkSource, LinkedBy, ResolvedWorkItem, WorkItemStatus } from '@pds/contracts';
import { LOGGER, Logger } from '@pds/observability';
import { ConnectionCache, ReceiverConnection } from '../connections/connection.cache';
import { DeliveryRepository, DeliveryStatus, FinishedDelivery, WaitingDelivery } from '../hooks/delivery.repository';
import type { ProviderEvent, PushEvent, ReviewEvent } from '../hooks/provider-event';
import { KeyMatch, findKeys, groupByKey } from '../links/key-matcher';
import { ArtifactKind, ArtifactOrigin, ArtifactRepository, BatchWrites } from './artifact.repository';
import { artifactUrls } from './artifact-urls';
import { automationStatus, mayMove } from './automation.rules';
import { WorkItemClient, automationAuth } from './work-item.client';

const MAX_COMMIT_MESSAGE = 2000;

/** Attempts of one automation move when a person edits the item at the same moment. */
const MOVE_ATTEMPTS = 3;

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
  target: WorkItemStatus | null;
}

/** ISO 8601, or null when absent or not a date (the column would refuse it). */
function isoDate(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Processes stored deliveries, a batch at a time: stores their artifacts, links them to the work
 * items whose keys they name (only items of the connection's organization), then runs the
 * connections' status automations. A batch costs three round trips whatever its size: one read of
 * the deliveries, one request to delivery-intake per organization for all their keys, and one
 * statement that writes every branch, commit, pull request and link and marks the deliveries done.
 * The deliveries of one repository are applied in the order given (the caller keeps a repository's
 * deliveries in arrival order). Safe to run twice: artifacts and links are upserts, automations
 * only move forward.
 */
@Injectable()
export class LinkService {
  constructor(
    @Inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
    @Inject(ConnectionCache) private readonly connections: ConnectionCache,
    @Inject(ArtifactRepository) private readonly artifacts: ArtifactRepository,
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
      if (connection) plans.push(this.plan(delivery, connection, writes));
      else writes.finished.push(done(delivery, DeliveryStatus.IGNORED, 'the connection was deleted before processing'));
    });
    const items = await this.resolveKeys(plans);

    const automated: [DeliveryPlan, ResolvedWorkItem[]][] = [];
    for (const plan of plans) {
      const { organizationId } = plan.delivery;
      const moved = new Map<string, ResolvedWorkItem>();
      for (const artifact of plan.artifacts) {
        for (const [key, { linkedBy, automates }] of groupByKey(artifact.matches)) {
          const item = items.get(organizationId)?.get(key);
          if (!item) continue;
          writes.links.push({
            organizationId,
            workItemId: item.id,
            kind: artifact.kind,
            connectionId: plan.connection.id,
            natural: artifact.natural,
            linkedBy: linkedBy as LinkedBy[],
          });
          if (automates && plan.target) moved.set(item.id, item);
        }
      }
      // Done once the batch is written, unless an automation still has to run.
      if (moved.size) automated.push([plan, [...moved.values()]]);
      else writes.finished.push(done(plan.delivery, DeliveryStatus.PROCESSED));
    }
    await this.artifacts.writeBatch(writes);
    if (automated.length === 0) return;

    // After the write: a move is a request to delivery-intake. A repository's deliveries move their
    // items in order; different repositories' side by side.
    const byRepository = new Map<string, [DeliveryPlan, ResolvedWorkItem[]][]>();
    for (const entry of automated) byRepository.set(entry[0].connection.id, [...(byRepository.get(entry[0].connection.id) ?? []), entry]);
    await Promise.all(
      [...byRepository.values()].map(async (entries) => {
        for (const [plan, targets] of entries) {
          for (const item of targets) await this.automate(plan.delivery.organizationId, plan.connection, item, plan.target as WorkItemStatus);
        }
      }),
    );
    await this.deliveries.finish(automated.map(([plan]) => done(plan.delivery, DeliveryStatus.PROCESSED)));
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
    const artifacts = event.kind === 'push' ? this.planPush(event, origin, urls, writes) : [this.planReview(event, origin, urls, writes)];
    const target = automationStatus(event, connection.defaultBranch, connection.automations) as WorkItemStatus | null;
    return { delivery, connection, artifacts, target };
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
        committedAt: isoDate(commit.committedAt),
      });
      planned.push({ kind: ArtifactKind.COMMIT, natural: commit.sha, matches: findKeys(commit.message, LinkSource.commit_message) });
    }
    return planned;
  }

  private planReview(event: ReviewEvent, origin: ArtifactOrigin, urls: ReturnType<typeof artifactUrls>, writes: BatchWrites): PlannedArtifact {
    writes.pullRequests.push({
      ...origin,
      number: event.number,
      title: event.title,
      url: urls.review(event.number),
      state: event.state,
      sourceBranch: event.sourceBranch,
      targetBranch: event.targetBranch,
      authorLogin: event.authorLogin,
      mergedAt: isoDate(event.mergedAt),
    });
    return {
      kind: ArtifactKind.PULL_REQUEST,
      natural: String(event.number),
      matches: [...findKeys(event.title, LinkSource.title), ...findKeys(event.body, LinkSource.body), ...findKeys(event.sourceBranch, LinkSource.branch)],
    };
  }

  /**
   * Moves through delivery-intake's PATCH code (so it emits work_item.status_changed), forward
   * only. The item's status and updatedAt are updated in place, so a later delivery of the batch
   * that moves it again starts from the new state.
   */
  private async automate(organizationId: string, connection: ReceiverConnection, item: ResolvedWorkItem, target: WorkItemStatus): Promise<void> {
    let current = item;
    for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt++) {
      if (!mayMove(current.status, target)) return;
      try {
        const moved = await this.workItems.moveStatus(automationAuth(organizationId, connection.id), current.id, target, current.updatedAt);
        Object.assign(item, { status: moved.status, updatedAt: moved.updatedAt });
        return;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt === MOVE_ATTEMPTS) throw error;
        // Someone changed the item meanwhile: decide again on its new status.
        const [fresh] = await this.workItems.resolveKeys(organizationId, [current.key]);
        if (!fresh) return;
        current = Object.assign(item, { status: fresh.status, updatedAt: fresh.updatedAt });
      }
    }
    this.logger.warn({ workItemId: item.id, connectionId: connection.id }, 'repository automation gave up after concurrent edits');
  }
}

function done(delivery: WaitingDelivery, status: DeliveryStatus, reason: string | null = null): FinishedDelivery {
  return { id: delivery.id, organizationId: delivery.organizationId, status, reason };
}
