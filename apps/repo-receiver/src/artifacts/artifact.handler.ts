import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PreviewLinksRequest,
  PreviewLinksResponse,
  RepoSubjects,
  WorkItemArtifactsRequest,
  WorkItemArtifactsResponse,
  WorkItemsArtifactsRequest,
  WorkItemsArtifactsResponse,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { ArtifactService } from './artifact.service';

@MessageController()
export class ArtifactHandler {
  constructor(@Inject(ArtifactService) private readonly artifacts: ArtifactService) {}

  @MessagePattern(RepoSubjects.workItemArtifacts)
  forWorkItem(@Payload() { auth, id }: WorkItemArtifactsRequest): Promise<WorkItemArtifactsResponse> {
    return this.artifacts.forWorkItem(auth, id);
  }

  @MessagePattern(RepoSubjects.artifactsByWorkItems)
  forWorkItems(@Payload() { auth, ids }: WorkItemsArtifactsRequest): Promise<WorkItemsArtifactsResponse> {
    return this.artifacts.forWorkItems(auth, ids);
  }

  @MessagePattern(RepoSubjects.previewLinks)
  previewLinks(@Payload() { auth, body }: PreviewLinksRequest): Promise<PreviewLinksResponse> {
    return this.artifacts.previewLinks(auth, body);
  }
}
