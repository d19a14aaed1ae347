import { Body, Delete, Get, Header, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  DeletedRecordResponse,
  DeliverySubjects,
  JsonPage,
  JsonText,
  CreateWorkItemDto,
  ListWorkItemsQuery,
  UpdateWorkItemDto,
  WorkItemResponse,
  WorkItemSubjects,
  splitPageJson,
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

  /** A page is large: its items go out as the service's JSON, only the cursor is read (for the paging headers). */
  @Get()
  @Paginated(WorkItemResponse)
  async list(@Auth() auth: AuthContext, @Query() query: ListWorkItemsQuery): Promise<JsonPage<WorkItemResponse>> {
    return splitPageJson(await this.bus.requestJson(WorkItemSubjects.list, { auth, query }));
  }

  /** The busiest read: the service's JSON goes out as it came, without a parse and a re-serialization. */
  @Returns(WorkItemResponse)
  @Get(':id')
  @Header('content-type', 'application/json; charset=utf-8')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<JsonText<WorkItemResponse>> {
    return this.bus.requestJson(WorkItemSubjects.get, { auth, id });
  }

  @Returns(WorkItemResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateWorkItemDto): Promise<WorkItemResponse> {
    return this.bus.request(WorkItemSubjects.update, { auth, id, body });
  }

  /** To the trash: restorable until the answer's `restorableUntil`. */
  @Returns(DeletedRecordResponse)
  @Delete(':id')
  remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedRecordResponse> {
    return this.bus.request(DeliverySubjects.recordDelete, { auth, id, type: 'work_item' });
  }
}
