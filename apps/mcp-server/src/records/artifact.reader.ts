import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, ErrorCode, RepoSubjects, WorkItemArtifactsResponse } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';

export type WorkItemArtifacts = WorkItemArtifactsResponse & { unavailable?: true };

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

/** Repository artifacts of work items (branches, commits, pull requests), from the repos context. */
@Injectable()
export class ArtifactReader {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  /** One work item by ref (key or uuid): the repos context checks that it is the caller's. */
  forWorkItem(auth: AuthContext, workItemId: string): Promise<WorkItemArtifacts> {
    return unlessUnavailable(this.bus.request(RepoSubjects.workItemArtifacts, { auth, id: workItemId }), () => ({ ...UNAVAILABLE }));
  }

  /** Work items the caller has read already (uuids), in one request; every id is in the answer. */
  async forWorkItems(auth: AuthContext, workItemIds: readonly string[]): Promise<Record<string, WorkItemArtifacts>> {
    const ids = [...new Set(workItemIds)];
    if (ids.length === 0) return {};
    const unavailable = () => ({ byWorkItem: Object.fromEntries(ids.map((id) => [id, { ...UNAVAILABLE }])) });
    return (await unlessUnavailable(this.bus.request(RepoSubjects.artifactsByWorkItems, { auth, ids }), unavailable)).byWorkItem;
  }
}
