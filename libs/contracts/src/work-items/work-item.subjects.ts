import type { Page } from '../common/pagination';
import { BodyRequest, IdBodyRequest, IdRequest, QueryRequest } from '../common/requests';
import { defineSubject } from '../common/subject';
import { ArrayMaxSize, IsArray, IsString, IsUUID, MaxLength } from 'class-validator';
import { CreateWorkItemDto, ListWorkItemsQuery, UpdateWorkItemDto, WorkItemResponse } from './work-item.dto';

export class CreateWorkItemRequest extends BodyRequest(CreateWorkItemDto) {}
export class ListWorkItemsRequest extends QueryRequest(ListWorkItemsQuery) {}
export class GetWorkItemRequest extends IdRequest {}
export class UpdateWorkItemRequest extends IdBodyRequest(UpdateWorkItemDto) {}

/** Not a user's call (a provider delivery has no user), so it carries the organization, not an auth context. */
export class ResolveWorkItemKeysRequest {
  @IsUUID()
  organizationId!: string;

  /** Canonical keys (`WI-12`). */
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @MaxLength(20, { each: true })
  keys!: string[];
}

export interface ResolvedWorkItem {
  id: string;
  key: string;
  status: WorkItemResponse['status'];
  updatedAt: string;
}

export const WorkItemSubjects = Object.freeze({
  create: defineSubject<CreateWorkItemRequest, WorkItemResponse>('delivery.work-item.create'),
  list: defineSubject<ListWorkItemsRequest, Page<WorkItemResponse>>('delivery.work-item.list'),
  get: defineSubject<GetWorkItemRequest, WorkItemResponse>('delivery.work-item.get'),
  update: defineSubject<UpdateWorkItemRequest, WorkItemResponse>('delivery.work-item.update'),
  /** Internal: which keys name work items of an organization (the repos context links by key). */
  resolveKeys: defineSubject<ResolveWorkItemKeysRequest, ResolvedWorkItem[]>('delivery.work-item.resolve-keys'),
});
