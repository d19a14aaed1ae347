import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, LinkSource, LinkedBy, RepoAutomations, ResolvedWorkItem, WorkItemStatus } from '@pds/contracts';
import { LOGGER, Logger } from '@pds/observability';
import { normaliseAutomations } from '../connections/connection.mapper';
import { ConnectionRepository, ConnectionRow } from '../connections/connection.repository';
import { DeliveryRepository, DeliveryStatus } from '../hooks/delivery.repository';
import type { ProviderEvent, PushEvent, ReviewEvent } from '../hooks/provider-event';
import { KeyMatch, findKeys, groupByKey } from '../links/key-matcher';
import { ArtifactKind, ArtifactOrigin, ArtifactRepository, ArtifactTx, NewLink } from './artifact.repository';
import { artifactUrls } from './artifact-urls';
import { automationStatus, mayMove } from './automation.rules';
import { WorkItemClient, automationAuth } from './work-item.client';

const MAX_COMMIT_MESSAGE = 2000;
/** Attempts of one automation move when a person edits the item at the same moment. */
const MOVE_ATTEMPTS = 3;

/** An artifact about to be stored, with the keys its texts name. */
interface Planned {
  matches: KeyMatch[];
  store(tx: ArtifactTx): Promise<string>;
  kind: ArtifactKind;
}

function toDate(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Processes one stored delivery: stores its artifacts, links them to the work items whose keys
 * they name (only items of the connection's organization), then runs the connection's status
 * automation. Safe to run twice: artifacts and links are upserts, automations only move forward.
 */
@Injectable()
export class LinkService {
  constructor(
    @Inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
    @Inject(ConnectionRepository) private readonly connections: ConnectionRepository,
    @Inject(ArtifactRepository) private readonly artifacts: ArtifactRepository,
    @Inject(WorkItemClient) private readonly workItems: WorkItemClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async process(organizationId: string, deliveryId: string): Promise<void> {
    const delivery = await this.deliveries.find(organizationId, deliveryId);
    if (!delivery || delivery.status !== DeliveryStatus.RECEIVED) return;
    const connection = await this.connections.find(organizationId, delivery.connectionId);
    if (!connection) {
      await this.deliveries.finish(organizationId, deliveryId, DeliveryStatus.IGNORED, 'the connection was deleted before processing');
      return;
    }
    const event = delivery.payload as unknown as ProviderEvent;
    const origin: ArtifactOrigin = { connectionId: connection.id, provider: connection.provider, repository: connection.fullName };
    const planned = this.plan(organizationId, event, connection, origin);

    const keys = [...new Set(planned.flatMap((p) => p.matches.map((m) => m.key)))];
    const items = new Map((await this.workItems.resolveKeys(organizationId, keys)).map((item) => [item.key, item]));

    const automated = new Map<string, ResolvedWorkItem>();
    await this.artifacts.transaction(async (tx) => {
      if (event.kind === 'push' && event.deleted) await this.artifacts.markBranchDeleted(organizationId, tx, origin, event.branch);
      const links: NewLink[] = [];
      for (const artifact of planned) {
        const artifactId = await artifact.store(tx);
        for (const [key, { linkedBy, automates }] of groupByKey(artifact.matches)) {
          const item = items.get(key);
          if (!item) continue;
          links.push({ workItemId: item.id, kind: artifact.kind, artifactId, linkedBy: linkedBy as LinkedBy[] });
          if (automates) automated.set(item.id, item);
        }
      }
      await this.artifacts.link(organizationId, tx, links);
    });

    const target = automationStatus(event, connection.defaultBranch, normaliseAutomations(connection.automations as RepoAutomations));
    if (target) {
      for (const item of automated.values()) await this.automate(organizationId, connection, item, target as WorkItemStatus);
    }
    await this.deliveries.finish(organizationId, deliveryId, DeliveryStatus.PROCESSED);
  }

  private plan(organizationId: string, event: ProviderEvent, connection: ConnectionRow, origin: ArtifactOrigin): Planned[] {
    const urls = artifactUrls(connection.provider, connection.webUrl);
    return event.kind === 'push' ? this.planPush(organizationId, event, origin, urls) : [this.planReview(organizationId, event, origin, urls)];
  }

  private planPush(organizationId: string, event: PushEvent, origin: ArtifactOrigin, urls: ReturnType<typeof artifactUrls>): Planned[] {
    // A deleted branch keeps its row (marked) and links; nothing new is stored.
    if (event.deleted) return [];
    const planned: Planned[] = [
      {
        kind: ArtifactKind.BRANCH,
        matches: findKeys(event.branch, LinkSource.branch),
        store: (tx) => this.artifacts.upsertBranch(organizationId, tx, origin, event.branch, urls.branch(event.branch), event.headSha),
      },
    ];
    const commits = event.commits.map((c) => ({
      sha: c.sha,
      shortSha: c.sha.slice(0, 7),
      message: c.message.slice(0, MAX_COMMIT_MESSAGE),
      url: urls.commit(c.sha),
      authorName: c.authorName,
      committedAt: toDate(c.committedAt),
    }));
    let stored: Promise<Map<string, string>> | undefined;
    for (const commit of event.commits) {
      planned.push({
        kind: ArtifactKind.COMMIT,
        matches: findKeys(commit.message, LinkSource.commit_message),
        // One insert for all commits of the push; each planned commit picks its id from it.
        store: async (tx) => {
          stored ??= this.artifacts.insertCommits(organizationId, tx, origin, commits);
          return (await stored).get(commit.sha) as string;
        },
      });
    }
    return planned;
  }

  private planReview(organizationId: string, event: ReviewEvent, origin: ArtifactOrigin, urls: ReturnType<typeof artifactUrls>): Planned {
    return {
      kind: ArtifactKind.PULL_REQUEST,
      matches: [
        ...findKeys(event.title, LinkSource.title),
        ...findKeys(event.body, LinkSource.body),
        ...findKeys(event.sourceBranch, LinkSource.branch),
      ],
      store: (tx) =>
        this.artifacts.upsertPullRequest(organizationId, tx, origin, {
          number: event.number,
          title: event.title,
          url: urls.review(event.number),
          state: event.state,
          sourceBranch: event.sourceBranch,
          targetBranch: event.targetBranch,
          authorLogin: event.authorLogin,
          mergedAt: toDate(event.mergedAt),
        }),
    };
  }

  /** Moves through delivery-intake's PATCH code (so it emits work_item.status_changed), forward only. */
  private async automate(organizationId: string, connection: ConnectionRow, item: ResolvedWorkItem, target: WorkItemStatus): Promise<void> {
    let current = item;
    for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt++) {
      if (!mayMove(current.status, target)) return;
      try {
        await this.workItems.moveStatus(automationAuth(organizationId, connection.id), current.id, target, current.updatedAt);
        return;
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt === MOVE_ATTEMPTS) throw error;
        // Someone changed the item meanwhile: decide again on its new status.
        const [fresh] = await this.workItems.resolveKeys(organizationId, [current.key]);
        if (!fresh) return;
        current = fresh;
      }
    }
    this.logger.warn({ workItemId: item.id, connectionId: connection.id }, 'repository automation gave up after concurrent edits');
  }
}
