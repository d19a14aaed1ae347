import type { Page } from '../common/pagination';
import { BodyRequest, IdBodyRequest, IdRequest, QueryRequest } from '../common/requests';
import { RankedSearchQuery, RankedSearchReply } from '../common/search';
import { defineSubject } from '../common/subject';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ArchiveRecordRequest } from '../common/archive';
import { IsTimestamp } from '../common/decorators';
import { Field } from '../common/schema';
import { CreateWorkItemDto, ListWorkItemsQuery, UpdateWorkItemDto, WorkItemResponse } from './work-item.dto';

export class CreateWorkItemRequest extends BodyRequest(CreateWorkItemDto) {}
export class ListWorkItemsRequest extends QueryRequest(ListWorkItemsQuery) {}
export class SearchWorkItemsRequest extends QueryRequest(RankedSearchQuery) {}
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
  /** An archived item still gets links, but no automation moves it. */
  archivedAt: string | null;
}

/**
 * One run of the auto-archive job now (the operator's), as if at `asOf` when given: what it would
 * archive at that moment is archived.
 */
export class AutoArchiveRunRequest {
  @IsOptional()
  @IsTimestamp()
  asOf?: string;
}

/** What one run archived: work items, per organization with `autoArchiveDays` set. */
export class AutoArchiveRunResponse {
  @Field.integer({ description: 'Organizations with autoArchiveDays set' }) organizations!: number;
  @Field.integer({ description: 'Work items archived by this run' }) archived!: number;
}

export const WorkItemSubjects = Object.freeze({
  create: defineSubject<CreateWorkItemRequest, WorkItemResponse>('delivery.work-item.create'),
  list: defineSubject<ListWorkItemsRequest, Page<WorkItemResponse>>('delivery.work-item.list'),
  /** Ranked text search of work items and their comments (a comment's hit is its work item): GET /search, MCP `search`. */
  search: defineSubject<SearchWorkItemsRequest, RankedSearchReply<'work_item'>>('delivery.work-item.search'),
  get: defineSubject<GetWorkItemRequest, WorkItemResponse>('delivery.work-item.get'),
  update: defineSubject<UpdateWorkItemRequest, WorkItemResponse>('delivery.work-item.update'),
  archive: defineSubject<ArchiveRecordRequest, WorkItemResponse>('delivery.work-item.archive'),
  unarchive: defineSubject<ArchiveRecordRequest, WorkItemResponse>('delivery.work-item.unarchive'),
  /** The operator's run of the auto-archive job (the job itself runs on a timer in the service). */
  autoArchive: defineSubject<AutoArchiveRunRequest, AutoArchiveRunResponse>('delivery.work-item.auto-archive'),
  /** Internal: which keys name work items of an organization (the repos context links by key). */
  resolveKeys: defineSubject<ResolveWorkItemKeysRequest, ResolvedWorkItem[]>('delivery.work-item.resolve-keys'),
});
