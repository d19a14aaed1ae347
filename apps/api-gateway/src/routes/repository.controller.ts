import { Body, Get, Param, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  CreateRepositoryDto,
  CreatedRepositoryResponse,
  ListRepoDeliveriesQuery,
  ListRepositoriesQuery,
  Page,
  PreviewLinksDto,
  PreviewLinksResponse,
  RepoDeliveryResponse,
  RepoRecords,
  RepoSubjects,
  RepositoryResponse,
  UpdateRepositoryDto,
  WorkItemArtifactsResponse,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes } from './record-routes';

/** `/repositories/preview-links` is a fixed segment: registered before the `{id}` routes. */
@ApiController('repositories/preview-links')
export class RepositoryPreviewController extends BusRoutes {
  @Returns(PreviewLinksResponse)
  @Post()
  preview(@Auth() auth: AuthContext, @Body() body: PreviewLinksDto): Promise<PreviewLinksResponse> {
    return this.bus.request(RepoSubjects.previewLinks, { auth, body });
  }
}

class RepositoryActionRoutes extends BusRoutes {
  @Returns(CreatedRepositoryResponse)
  @Post(':id/rotate-secret')
  rotateSecret(@Auth() auth: AuthContext, @Param('id') id: string): Promise<CreatedRepositoryResponse> {
    return this.bus.request(RepoSubjects.connectionRotateSecret, { auth, id });
  }

  /** What the receiver did with each delivery of the last 30 days, newest first (GitHub's "Recent deliveries"). */
  @Get(':id/deliveries')
  @Paginated(RepoDeliveryResponse)
  deliveries(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListRepoDeliveriesQuery): Promise<Page<RepoDeliveryResponse>> {
    return this.bus.request(RepoSubjects.deliveryList, { auth, id, query });
  }
}

@ApiController('repositories')
export class RepositoryController extends RecordRoutes(
  RepositoryResponse,
  { ...RepoRecords.connection, remove: RepoSubjects.connectionRemove },
  // Creation and rotation are the only answers that carry the secret.
  { list: ListRepositoriesQuery, create: CreateRepositoryDto, update: UpdateRepositoryDto, created: CreatedRepositoryResponse },
  RepositoryActionRoutes,
) {}

/** Artifacts are a separate read so that `GET /work-items/{id}` stays as fast as it is. */
@ApiController('work-items')
export class WorkItemArtifactController extends BusRoutes {
  @Returns(WorkItemArtifactsResponse)
  @Get(':id/artifacts')
  artifacts(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WorkItemArtifactsResponse> {
    return this.bus.request(RepoSubjects.workItemArtifacts, { auth, id });
  }
}
