import { Body, Delete, Get, Header, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
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
import { Returns, Doc } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('work-items')
export class WorkItemController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(WorkItemResponse)
  @Post()
  @Doc('Create a work item', 'Creates a work item (key `WI-n`), in `BACKLOG` unless the body sets `status`. Linking it to a CKR, opportunity, solution or experiment classifies it as CKR work; a maintenance category makes it maintenance work.', { requires: Permission.DeliveryWrite, emits: ['work_item.created'] })
  create(@Auth() auth: AuthContext, @Body() body: CreateWorkItemDto): Promise<WorkItemResponse> {
    return this.bus.request(WorkItemSubjects.create, { auth, body });
  }

  /** A page is large: its items go out as the service's JSON, only the cursor is read (for the paging headers). */
  @Get()
  @Doc("List work items", "One page of the organization's work items; the query parameters filter by status, type, assignee, sprint, label, classification and more.", { requires: Permission.Read })
  @Paginated(WorkItemResponse)
  async list(@Auth() auth: AuthContext, @Query() query: ListWorkItemsQuery): Promise<JsonPage<WorkItemResponse>> {
    return splitPageJson(await this.bus.requestJson(WorkItemSubjects.list, { auth, query }));
  }

  /** The busiest read: the service's JSON goes out as it came, without a parse and a re-serialization. */
  @Returns(WorkItemResponse)
  @Get(':id')
  @Doc('Get a work item', 'One work item by its uuid or its key (`WI-42`), with its labels and whether it is blocked.', { requires: Permission.Read })
  @Header('content-type', 'application/json; charset=utf-8')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<JsonText<WorkItemResponse>> {
    return this.bus.requestJson(WorkItemSubjects.get, { auth, id });
  }

  @Returns(WorkItemResponse)
  @Patch(':id')
  @Doc("Update a work item", "Changes the fields the body names and keeps the others; `null` clears a field that may be empty. `expectedUpdatedAt` makes the write conditional (409 when someone changed it since). A status change also emits `work_item.status_changed`, and moves a converted intake submission's stage.", { requires: Permission.DeliveryWrite, emits: ['work_item.updated', 'work_item.status_changed'] })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateWorkItemDto): Promise<WorkItemResponse> {
    return this.bus.request(WorkItemSubjects.update, { auth, id, body });
  }

  @Returns(WorkItemResponse)
  @Post(':id/archive')
  @Doc(
    'Archive a work item',
    "Archives the work item: it stays readable by id or key, leaves the list unless `archived=include` or `archived=only`, and can't be changed, commented on or related (409) until it is unarchived. Git events still link it; their automations leave its status alone. Archiving an archived item answers it unchanged.",
    { requires: Permission.DeliveryWrite, emits: ['work_item.updated'] },
  )
  archive(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WorkItemResponse> {
    return this.bus.request(WorkItemSubjects.archive, { auth, id });
  }

  @Returns(WorkItemResponse)
  @Post(':id/unarchive')
  @Doc('Unarchive a work item', 'Brings an archived work item back into the list and makes it changeable again; unarchiving a live item answers it unchanged.', {
    requires: Permission.DeliveryWrite,
    emits: ['work_item.updated'],
  })
  unarchive(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WorkItemResponse> {
    return this.bus.request(WorkItemSubjects.unarchive, { auth, id });
  }

  /** To the trash: restorable until the answer's `restorableUntil`. */
  @Returns(DeletedRecordResponse)
  @Delete(':id')
  @Doc(
    'Delete a work item',
    'Moves the work item to the trash: from then on it answers 404 and is left out of lists, search, MCP tools, the discovery packet and artifacts, until it is restored (`POST /trash/{id}/restore`) before `restorableUntil`; then it is purged. Its children, relations and links are kept, hidden, and come back with it. Deleting it again is 404.',
    { requires: Permission.RecordsDelete, emits: ['record.deleted'] },
  )
  remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedRecordResponse> {
    return this.bus.request(DeliverySubjects.recordDelete, { auth, id, type: 'work_item' });
  }
}
