import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  LinkSource,
  PreviewLinksDto,
  PreviewLinksResponse,
  WorkItemArtifactsResponse,
  WorkItemSubjects,
  WorkItemsArtifactsResponse,
} from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { findKeys, groupByKey } from '../links/key-matcher';
import { WorkItemClient } from '../links/work-item.client';
import { toBranchArtifact, toCommitArtifact, toPullRequestArtifact } from './artifact.mapper';
import { ArtifactRepository } from './artifact.repository';

/** Reads of the repos context for people (REST, MCP): artifacts of a work item, and a dry run of linking. */
@Injectable()
export class ArtifactService {
  constructor(
    @Inject(ArtifactRepository) private readonly artifacts: ArtifactRepository,
    @Inject(WorkItemClient) private readonly workItems: WorkItemClient,
    @Inject(MessageBus) private readonly bus: MessageBus,
  ) {}

  async forWorkItem(auth: AuthContext, ref: string): Promise<WorkItemArtifactsResponse> {
    assertCan(auth, Permission.Read);
    // The work item's own read decides existence, organization (404) and the uuid behind a key.
    const item = await this.bus.request(WorkItemSubjects.get, { auth, id: ref });
    return (await this.forWorkItems(auth, [item.id])).byWorkItem[item.id];
  }

  /**
   * Artifacts of work items the caller has read already (by uuid): no round trip to the work items'
   * context, whose read would only confirm what the caller holds. Links are stored per organization,
   * so an id of another organization's item finds nothing.
   */
  async forWorkItems(auth: AuthContext, workItemIds: readonly string[]): Promise<WorkItemsArtifactsResponse> {
    assertCan(auth, Permission.Read);
    const linked = await this.artifacts.forWorkItems(auth.organizationId, workItemIds);
    const byWorkItem: WorkItemsArtifactsResponse['byWorkItem'] = {};
    for (const [id, { branches, commits, pullRequests }] of linked) {
      byWorkItem[id] = { branches: branches.map(toBranchArtifact), commits: commits.map(toCommitArtifact), pullRequests: pullRequests.map(toPullRequestArtifact) };
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
