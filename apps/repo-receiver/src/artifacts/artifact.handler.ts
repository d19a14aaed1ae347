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
  forWorkItem(@Payload() { auth, id, query }: WorkItemArtifactsRequest): Promise<WorkItemArtifactsResponse> {
    return this.artifacts.forWorkItem(auth, id, query);
  }

  @MessagePattern(RepoSubjects.artifactsByWorkItems)
  forWorkItems(@Payload() { auth, ids, perKind }: WorkItemsArtifactsRequest): Promise<WorkItemsArtifactsResponse> {
    return this.artifacts.forWorkItems(auth, ids, perKind);
  }

  @MessagePattern(RepoSubjects.previewLinks)
  previewLinks(@Payload() { auth, body }: PreviewLinksRequest): Promise<PreviewLinksResponse> {
    return this.artifacts.previewLinks(auth, body);
  }
}
