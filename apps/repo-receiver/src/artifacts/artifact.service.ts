import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  DEFAULT_ARTIFACTS_PER_KIND,
  DEFAULT_PAGE_SIZE,
  LinkSource,
  PreviewLinksDto,
  PreviewLinksResponse,
  WorkItemArtifactsQuery,
  WorkItemArtifactsResponse,
  WorkItemSubjects,
  WorkItemsArtifactsResponse,
  decodeListsCursor,
  encodeListsCursor,
} from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { findKeys, groupByKey } from '../links/key-matcher';
import { WorkItemClient } from '../links/work-item.client';
import { toBranchArtifact, toCommitArtifact, toPullRequestArtifact } from './artifact.mapper';
import { ArtifactKind, ArtifactRepository, BranchRow, CommitRow, LinkedRow, PullRequestRow } from './artifact.repository';

type ArtifactRow = (BranchRow | CommitRow | PullRequestRow) & LinkedRow;

/** The three lists in the order of the response and of the cursor's positions. */
const KINDS = [ArtifactKind.BRANCH, ArtifactKind.COMMIT, ArtifactKind.PULL_REQUEST] as const;

/**
 * Each kind's rows, read one beyond the page, cut to `limit`; the cursor holds where each cut kind
 * goes on (null for a kind that is complete), and is null itself when no kind was cut.
 */
function cutToPage(lists: ArtifactRow[][], limit: number): { shown: ArtifactRow[][]; nextCursor: string | null } {
  const shown = lists.map((rows) => rows.slice(0, limit));
  const positions = lists.map((rows, i) => {
    const last = shown[i][shown[i].length - 1];
    return rows.length > limit && last ? { sortValue: new Date(last.artifact_at).toISOString(), id: last.id } : null;
  });
  return { shown, nextCursor: positions.some((position) => position !== null) ? encodeListsCursor(positions) : null };
}

function artifactLists([branches, commits, pullRequests]: ArtifactRow[][]): Omit<WorkItemArtifactsResponse, 'nextCursor'> {
  return {
    branches: (branches as BranchRow[]).map(toBranchArtifact),
    commits: (commits as CommitRow[]).map(toCommitArtifact),
    pullRequests: (pullRequests as PullRequestRow[]).map(toPullRequestArtifact),
  };
}

/** Reads of the repos context for people (REST, MCP): artifacts of a work item, and a dry run of linking. */
@Injectable()
export class ArtifactService {
  constructor(
    @Inject(ArtifactRepository) private readonly artifacts: ArtifactRepository,
    @Inject(WorkItemClient) private readonly workItems: WorkItemClient,
    @Inject(MessageBus) private readonly bus: MessageBus,
  ) {}

  /**
   * One page of each kind: up to `limit` branches, commits and pull requests, newest first. The
   * cursor holds a position per kind, so a kind that is complete stays empty on the following pages
   * while the others go on.
   */
  async forWorkItem(auth: AuthContext, ref: string, query: WorkItemArtifactsQuery): Promise<WorkItemArtifactsResponse> {
    assertCan(auth, Permission.Read);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor ? decodeListsCursor(query.cursor, KINDS.length, 'time') : KINDS.map(() => undefined);
    // The work item's own read decides existence, organization (404) and the uuid behind a key.
    const item = await this.bus.request(WorkItemSubjects.get, { auth, id: ref });
    const pages = await Promise.all(
      KINDS.map((kind, i) => {
        const position = after[i];
        if (position === null) return [];
        return this.artifacts.page<ArtifactRow>(auth.organizationId, [item.id], kind, limit + 1, position ? { at: position.sortValue, id: position.id } : undefined);
      }),
    );
    const { shown, nextCursor } = cutToPage(pages, limit);
    return { ...artifactLists(shown), nextCursor };
  }

  /**
   * The newest `perKind` artifacts of each kind of work items the caller has read already (by
   * uuid), with how many of each kind were left out: an MCP packet stays bounded however many
   * commits an item has. No round trip to the work items' context, whose read would only confirm
   * what the caller holds; links are stored per organization, so an id of another organization's
   * item finds nothing.
   */
  async forWorkItems(auth: AuthContext, workItemIds: readonly string[], perKind = DEFAULT_ARTIFACTS_PER_KIND): Promise<WorkItemsArtifactsResponse> {
    assertCan(auth, Permission.Read);
    const ids = [...new Set(workItemIds)];
    const pages = await Promise.all(KINDS.map((kind) => this.artifacts.page<ArtifactRow>(auth.organizationId, ids, kind, perKind + 1)));
    const byItem = new Map(ids.map((id) => [id, KINDS.map((): ArtifactRow[] => [])]));
    pages.forEach((rows, i) => {
      for (const row of rows) byItem.get(row.linked_work_item_id)?.[i].push(row);
    });
    // Counting is only needed where a page was cut: one statement for all of those.
    const cut = [...byItem].flatMap(([workItemId, lists]) => KINDS.filter((_kind, i) => lists[i].length > perKind).map((kind) => ({ workItemId, kind })));
    const counts = await this.artifacts.counts(auth.organizationId, cut);
    const byWorkItem: WorkItemsArtifactsResponse['byWorkItem'] = {};
    for (const [id, lists] of byItem) {
      const { shown, nextCursor } = cutToPage(lists, perKind);
      const omitted = KINDS.map((kind, i) => (lists[i].length > perKind ? Math.max(0, (counts.get(`${id}/${kind}`) ?? 0) - perKind) : 0));
      byWorkItem[id] = { ...artifactLists(shown), nextCursor, omitted: { branches: omitted[0], commits: omitted[1], pullRequests: omitted[2] } };
    }
    return { byWorkItem };
  }

  async previewLinks(auth: AuthContext, body: PreviewLinksDto): Promise<PreviewLinksResponse> {
    assertCan(auth, Permission.Read);
    const grouped = groupByKey(findKeys(body.text, body.source ?? LinkSource.body));
    const found = new Map((await this.workItems.resolveKeys(auth.organizationId, [...grouped.keys()])).map((item) => [item.key, item]));
    const links: PreviewLinksResponse['links'] = [];
    const unknownKeys: string[] = [];
    for (const [key, { linkedBy, automates }] of grouped) {
      const item = found.get(key);
      if (!item) unknownKeys.push(key);
      else links.push({ key, workItemId: item.id, status: item.status as never, movesOnMerge: automates, linkedBy });
    }
    return { links, unknownKeys };
  }
}
