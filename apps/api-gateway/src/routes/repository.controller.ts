import { Body, Delete, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  CreateRepositoryDto,
  CreatedRepositoryResponse,
  ListRepositoriesQuery,
  Page,
  PreviewLinksDto,
  PreviewLinksResponse,
  RepoSubjects,
  RepositoryResponse,
  UpdateRepositoryDto,
  WorkItemArtifactsResponse,
} from '@pds/contracts';
import { Returns, ReturnsNothing } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

/** `/repositories/preview-links` is a fixed segment: registered before the `{id}` routes. */
@ApiController('repositories/preview-links')
export class RepositoryPreviewController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(PreviewLinksResponse)
  @Post()
  preview(@Auth() auth: AuthContext, @Body() body: PreviewLinksDto): Promise<PreviewLinksResponse> {
    return this.bus.request(RepoSubjects.previewLinks, { auth, body });
  }
}

@ApiController('repositories')
export class RepositoryController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Get()
  @Paginated(RepositoryResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListRepositoriesQuery): Promise<Page<RepositoryResponse>> {
    return this.bus.request(RepoSubjects.list, { auth, query });
  }

  @Returns(CreatedRepositoryResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateRepositoryDto): Promise<CreatedRepositoryResponse> {
    return this.bus.request(RepoSubjects.create, { auth, body });
  }

  @Returns(RepositoryResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<RepositoryResponse> {
    return this.bus.request(RepoSubjects.get, { auth, id });
  }

  @Returns(RepositoryResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateRepositoryDto): Promise<RepositoryResponse> {
    return this.bus.request(RepoSubjects.update, { auth, id, body });
  }

  @ReturnsNothing()
  @Delete(':id')
  async remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    await this.bus.request(RepoSubjects.remove, { auth, id });
  }

  @Returns(CreatedRepositoryResponse)
  @Post(':id/rotate-secret')
  rotateSecret(@Auth() auth: AuthContext, @Param('id') id: string): Promise<CreatedRepositoryResponse> {
    return this.bus.request(RepoSubjects.rotateSecret, { auth, id });
  }
}

/** Artifacts are a separate read so that `GET /work-items/{id}` stays as fast as it is. */
@ApiController('work-items')
export class WorkItemArtifactController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(WorkItemArtifactsResponse)
  @Get(':id/artifacts')
  artifacts(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WorkItemArtifactsResponse> {
    return this.bus.request(RepoSubjects.workItemArtifacts, { auth, id });
  }
}
