import { Inject, Injectable } from '@nestjs/common';
import { PreviewLinksRequest, PreviewLinksResponse, RepoSubjects, WorkItemArtifactsRequest, WorkItemArtifactsResponse } from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { ArtifactService } from './artifact.service';

@Injectable()
export class ArtifactHandler {
  constructor(@Inject(ArtifactService) private readonly artifacts: ArtifactService) {}

  @HandleMessage(RepoSubjects.workItemArtifacts)
  forWorkItem({ auth, id }: WorkItemArtifactsRequest): Promise<WorkItemArtifactsResponse> {
    return this.artifacts.forWorkItem(auth, id);
  }

  @HandleMessage(RepoSubjects.previewLinks)
  previewLinks({ auth, body }: PreviewLinksRequest): Promise<PreviewLinksResponse> {
    return this.artifacts.previewLinks(auth, body);
  }
}
