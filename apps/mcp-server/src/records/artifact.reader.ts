import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, ErrorCode, RepoSubjects, WorkItemArtifactsResponse } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';

export type WorkItemArtifacts = WorkItemArtifactsResponse & { unavailable?: true };

/** Repository artifacts of a work item (branches, commits, pull requests), from the repos context. */
@Injectable()
export class ArtifactReader {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  /**
   * Artifacts are a detail of a work item: while the repos context does not answer, the records
   * and packets still come, with empty lists marked `unavailable` instead of an error.
   */
  async forWorkItem(auth: AuthContext, workItemId: string): Promise<WorkItemArtifacts> {
    try {
      return await this.bus.request(RepoSubjects.workItemArtifacts, { auth, id: workItemId });
    } catch (error) {
      if ((error as { code?: string }).code !== ErrorCode.ServiceUnavailable) throw error;
      return { branches: [], commits: [], pullRequests: [], unavailable: true };
    }
  }
}
