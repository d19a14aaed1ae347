import { Inject, Injectable } from '@nestjs/common';
import { ArtifactCounts, AuthContext, BoundedWorkItemArtifacts, ErrorCode, RepoSubjects, WorkItemArtifactsResponse } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';

/**
 * What a tool shows of one work item's artifacts: the newest of each kind, `omitted` (how many of
 * each kind were left out) only when some list was cut. No cursor: no tool takes one, and an agent
 * that needs every commit reads `GET /work-items/{id}/artifacts`.
 */
export type WorkItemArtifacts = Omit<WorkItemArtifactsResponse, 'nextCursor'> & { omitted?: ArtifactCounts; unavailable?: true };

const UNAVAILABLE: WorkItemArtifacts = Object.freeze({ branches: [], commits: [], pullRequests: [], unavailable: true });

/**
 * Artifacts are a detail of a work item: while the repos context does not answer, the records
 * and packets still come, with empty lists marked `unavailable` instead of an error.
 */
async function unlessUnavailable<T>(read: Promise<T>, fallback: () => T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if ((error as { code?: string }).code !== ErrorCode.ServiceUnavailable) throw error;
    return fallback();
  }
}

function toolView({ branches, commits, pullRequests, omitted, ...rest }: BoundedWorkItemArtifacts | WorkItemArtifacts): WorkItemArtifacts {
  const view: WorkItemArtifacts = { branches, commits, pullRequests };
  if (omitted && (omitted.branches || omitted.commits || omitted.pullRequests)) view.omitted = omitted;
  if ('unavailable' in rest) view.unavailable = true;
  return view;
}

/** Repository artifacts of work items (branches, commits, pull requests), from the repos context. */
@Injectable()
export class ArtifactReader {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  /**
   * Work items the caller has read already (uuids), in one request; every id is in the answer, each
   * with at most `perKind` branches, commits and pull requests.
   */
  async forWorkItems(auth: AuthContext, workItemIds: readonly string[], perKind: number): Promise<Record<string, WorkItemArtifacts>> {
    const ids = [...new Set(workItemIds)];
    if (ids.length === 0) return {};
    const unavailable = (): { byWorkItem: Record<string, WorkItemArtifacts> } => ({ byWorkItem: Object.fromEntries(ids.map((id) => [id, { ...UNAVAILABLE }])) });
    const { byWorkItem } = await unlessUnavailable<{ byWorkItem: Record<string, BoundedWorkItemArtifacts | WorkItemArtifacts> }>(
      this.bus.request(RepoSubjects.artifactsByWorkItems, { auth, ids, perKind }),
      unavailable,
    );
    return Object.fromEntries(Object.entries(byWorkItem).map(([id, artifacts]) => [id, toolView(artifacts)]));
  }
}
