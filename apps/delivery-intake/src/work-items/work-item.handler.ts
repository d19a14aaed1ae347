import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ArchiveRecordRequest,
  CreateWorkItemRequest,
  EncodedJson,
  GetWorkItemRequest,
  ListWorkItemsRequest,
  Page,
  RankedSearchReply,
  ResolveWorkItemKeysRequest,
  SearchWorkItemsRequest,
  ResolvedWorkItem,
  UpdateWorkItemRequest,
  WorkItemResponse,
  WorkItemSubjects,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { WorkItemService } from './work-item.service';

@MessageController()
export class WorkItemHandler {
  constructor(@Inject(WorkItemService) private readonly workItems: WorkItemService) {}

  @MessagePattern(WorkItemSubjects.create)
  create(@Payload() { auth, body }: CreateWorkItemRequest): Promise<WorkItemResponse> {
    return this.workItems.create(auth, body);
  }

  @MessagePattern(WorkItemSubjects.search)
  search(@Payload() { auth, query }: SearchWorkItemsRequest): Promise<RankedSearchReply<'work_item'>> {
    return this.workItems.search(auth, query);
  }

  @MessagePattern(WorkItemSubjects.list)
  list(@Payload() { auth, query }: ListWorkItemsRequest): Promise<EncodedJson<Page<WorkItemResponse>>> {
    return this.workItems.list(auth, query);
  }

  @MessagePattern(WorkItemSubjects.get)
  get(@Payload() { auth, id }: GetWorkItemRequest): Promise<WorkItemResponse> {
    return this.workItems.get(auth, id);
  }

  @MessagePattern(WorkItemSubjects.resolveKeys)
  resolveKeys(@Payload() { organizationId, keys }: ResolveWorkItemKeysRequest): Promise<ResolvedWorkItem[]> {
    return this.workItems.resolveKeys(organizationId, keys);
  }

  @MessagePattern(WorkItemSubjects.update)
  update(@Payload() { auth, id, body }: UpdateWorkItemRequest): Promise<WorkItemResponse> {
    return this.workItems.update(auth, id, body);
  }

  @MessagePattern(WorkItemSubjects.archive)
  archive(@Payload() { auth, id }: ArchiveRecordRequest): Promise<WorkItemResponse> {
    return this.workItems.archive(auth, id);
  }

  @MessagePattern(WorkItemSubjects.unarchive)
  unarchive(@Payload() { auth, id }: ArchiveRecordRequest): Promise<WorkItemResponse> {
    return this.workItems.unarchive(auth, id);
  }
}
