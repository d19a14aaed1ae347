import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, RepoSubjects, WorkItemArtifactsResponse } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';

export type WorkItemArtifacts = WorkItemArtifactsResponse;

/** Repository artifacts of a work item (branches, commits, pull requests), from the repos context. */
@Injectable()
export class ArtifactReader {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  forWorkItem(auth: AuthContext, workItemId: string): Promise<WorkItemArtifacts> {
    return this.bus.request(RepoSubjects.workItemArtifacts, { auth, id: workItemId });
  }
}
