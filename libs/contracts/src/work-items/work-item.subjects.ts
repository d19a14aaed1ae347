import type { Page } from '../common/pagination';
import { BodyRequest, IdBodyRequest, IdRequest, QueryRequest } from '../common/requests';
import { defineSubject } from '../common/subject';
import { CreateWorkItemDto, ListWorkItemsQuery, UpdateWorkItemDto, WorkItemResponse } from './work-item.dto';

export class CreateWorkItemRequest extends BodyRequest(CreateWorkItemDto) {}
export class ListWorkItemsRequest extends QueryRequest(ListWorkItemsQuery) {}
export class GetWorkItemRequest extends IdRequest {}
export class UpdateWorkItemRequest extends IdBodyRequest(UpdateWorkItemDto) {}

export const WorkItemSubjects = Object.freeze({
  create: defineSubject<CreateWorkItemRequest, WorkItemResponse>('delivery.work-item.create'),
  list: defineSubject<ListWorkItemsRequest, Page<WorkItemResponse>>('delivery.work-item.list'),
  get: defineSubject<GetWorkItemRequest, WorkItemResponse>('delivery.work-item.get'),
  update: defineSubject<UpdateWorkItemRequest, WorkItemResponse>('delivery.work-item.update'),
});
