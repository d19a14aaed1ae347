import { Inject, Injectable } from '@nestjs/common';
import {
  CreateWorkItemRequest,
  GetWorkItemRequest,
  ListWorkItemsRequest,
  Page,
  ResolveWorkItemKeysRequest,
  ResolvedWorkItem,
  UpdateWorkItemRequest,
  WorkItemResponse,
  WorkItemSubjects,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { WorkItemService } from './work-item.service';

@Injectable()
export class WorkItemHandler {
  constructor(@Inject(WorkItemService) private readonly workItems: WorkItemService) {}

  @HandleMessage(WorkItemSubjects.create)
  create({ auth, body }: CreateWorkItemRequest): Promise<WorkItemResponse> {
    return this.workItems.create(auth, body);
  }

  @HandleMessage(WorkItemSubjects.list)
  list({ auth, query }: ListWorkItemsRequest): Promise<Page<WorkItemResponse>> {
    return this.workItems.list(auth, query);
  }

  @HandleMessage(WorkItemSubjects.get)
  get({ auth, id }: GetWorkItemRequest): Promise<WorkItemResponse> {
    return this.workItems.get(auth, id);
  }

  @HandleMessage(WorkItemSubjects.resolveKeys)
  resolveKeys({ organizationId, keys }: ResolveWorkItemKeysRequest): Promise<ResolvedWorkItem[]> {
    return this.workItems.resolveKeys(organizationId, keys);
  }

  @HandleMessage(WorkItemSubjects.update)
  update({ auth, id, body }: UpdateWorkItemRequest): Promise<WorkItemResponse> {
    return this.workItems.update(auth, id, body);
  }
}
