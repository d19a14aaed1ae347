import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  CreateWorkItemDto,
  ListWorkItemsQuery,
  Page,
  UpdateWorkItemDto,
  WorkItemResponse,
  WorkItemSubjects,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('work-items')
export class WorkItemController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(WorkItemResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateWorkItemDto): Promise<WorkItemResponse> {
    return this.bus.request(WorkItemSubjects.create, { auth, body });
  }

  @Get()
  @Paginated(WorkItemResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListWorkItemsQuery): Promise<Page<WorkItemResponse>> {
    return this.bus.request(WorkItemSubjects.list, { auth, query });
  }

  @Returns(WorkItemResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WorkItemResponse> {
    return this.bus.request(WorkItemSubjects.get, { auth, id });
  }

  @Returns(WorkItemResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateWorkItemDto): Promise<WorkItemResponse> {
    return this.bus.request(WorkItemSubjects.update, { auth, id, body });
  }
}
