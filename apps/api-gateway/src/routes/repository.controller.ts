import { Body, Get, Param, Post, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
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
  WorkItemArtifactsQuery,
  WorkItemArtifactsResponse,
} from '@pds/contracts';
import { Returns, Doc } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes } from './record-routes';

/** `/repositories/preview-links` is a fixed segment: registered before the `{id}` routes. */
@ApiController('repositories/preview-links')
export class RepositoryPreviewController extends BusRoutes {
  @Returns(PreviewLinksResponse)
  @Post()
  @Doc('Preview the work item links of a text', 'Which work items a branch name, commit message or pull request title/body would link to, and whether merging would move them: for checking a name before pushing. Writes nothing.', { requires: Permission.Read })
  preview(@Auth() auth: AuthContext, @Body() body: PreviewLinksDto): Promise<PreviewLinksResponse> {
    return this.bus.request(RepoSubjects.previewLinks, { auth, body });
  }
}

class RepositoryActionRoutes extends BusRoutes {
  @Returns(CreatedRepositoryResponse)
  @Post(':id/rotate-secret')
  @Doc("Rotate a repository's receiver secret", "Issues a new secret (shown once); hooks signed with the old one are refused from now on.", { requires: Permission.RepositoriesManage })
  rotateSecret(@Auth() auth: AuthContext, @Param('id') id: string): Promise<CreatedRepositoryResponse> {
    return this.bus.request(RepoSubjects.connectionRotateSecret, { auth, id });
  }

  /** What the receiver did with each delivery of the last 30 days, newest first (GitHub's "Recent deliveries"). */
  @Get(':id/deliveries')
  @Doc("List a repository's hook deliveries", "The hooks the receiver got for this connection: accepted or refused and why, and the work item keys they named.", { requires: Permission.RepositoriesManage })
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
  {
    list: ListRepositoriesQuery,
    create: CreateRepositoryDto,
    update: UpdateRepositoryDto,
    created: CreatedRepositoryResponse,
    about: {
      one: 'repository connection',
      many: 'repository connections',
      writes: Permission.RepositoriesManage,
      reads: Permission.RepositoriesManage,
      notes: {
        create: 'The answer carries the receiver secret, this once, with the steps to set up the provider webhook. From then on, pushes and pull requests that name a work item key (`WI-42`) link to it, and the `automations` move its status.',
      },
    },
  },
  RepositoryActionRoutes,
) {}

/** Artifacts are a separate read so that `GET /work-items/{id}` stays as fast as it is. */
@ApiController('work-items')
export class WorkItemArtifactController extends BusRoutes {
  @Returns(WorkItemArtifactsResponse)
  @Get(':id/artifacts')
  @Doc(
    "List a work item's repository artifacts",
    'The branches, commits and pull requests linked to the work item, each with what linked it, newest first. ' +
      'Paged per kind: a page holds up to `limit` of each (default 100, max 500); while any list goes on, `nextCursor` is set, and passing it as `cursor` ' +
      'continues every list that was cut (a list already complete comes back empty). Follow `nextCursor` until it is null to read every artifact once.',
    { requires: Permission.Read },
  )
  artifacts(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: WorkItemArtifactsQuery): Promise<WorkItemArtifactsResponse> {
    return this.bus.request(RepoSubjects.workItemArtifacts, { auth, id, query });
  }
}
