import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { IsIdList } from '../common/decorators';
import type { Page } from '../common/pagination';
import { AuthedRequest, BodyRequest, IdBodyRequest, IdQueryRequest, IdRequest, QueryRequest } from '../common/requests';
import { defineSubject, recordResource, recordSubjects } from '../common/subject';
import { CreateRepositoryDto, ListRepoDeliveriesQuery, ListRepositoriesQuery, PreviewLinksDto, UpdateRepositoryDto, WorkItemArtifactsQuery } from './repo.dto';
import type { ArtifactCounts, CreatedRepositoryResponse, PreviewLinksResponse, RepoDeliveryResponse, RepositoryResponse, WorkItemArtifactsResponse } from './repo.responses';

export class CreateRepositoryRequest extends BodyRequest(CreateRepositoryDto) {}
export class ListRepositoriesRequest extends QueryRequest(ListRepositoriesQuery) {}
export class UpdateRepositoryRequest extends IdBodyRequest(UpdateRepositoryDto) {}
/** get, delete, rotate-secret. */
export class RepositoryIdRequest extends IdRequest {}
export class PreviewLinksRequest extends BodyRequest(PreviewLinksDto) {}
/** `id`: the connection's uuid. */
export class ListRepoDeliveriesRequest extends IdQueryRequest(ListRepoDeliveriesQuery) {}
/** `id`: the work item's uuid or key; `query`: the page (WorkItemArtifactsQuery). */
export class WorkItemArtifactsRequest extends IdQueryRequest(WorkItemArtifactsQuery) {}

/** What an MCP packet shows of one item's artifacts unless it asks for fewer. */
export const DEFAULT_ARTIFACTS_PER_KIND = 10;
export const MAX_ARTIFACTS_PER_KIND = 100;

/**
 * `ids`: uuids of work items the caller has read already (the MCP packet holds them), so the answer
 * needs no round trip to delivery-intake: an id of no item of the organization simply has no artifacts.
 * `perKind`: at most that many of each kind per item, newest first.
 */
export class WorkItemsArtifactsRequest extends AuthedRequest {
  @IsIdList(100)
  ids!: string[];

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ARTIFACTS_PER_KIND)
  perKind?: number;
}

/** One item's first page of each kind, and how many of each kind it left out. */
export interface BoundedWorkItemArtifacts extends WorkItemArtifactsResponse {
  omitted: ArtifactCounts;
}

/** Artifacts per work item uuid; every id asked is present. */
export interface WorkItemsArtifactsResponse {
  byWorkItem: Record<string, BoundedWorkItemArtifacts>;
}

/** A connection was changed or deleted: receivers drop what they cached of it. */
export class RepositoryChangedMessage {
  @IsUUID()
  id!: string;
}

/** A repository connection's plain operations, in the order of its REST routes (see RecordResource). */
export const RepoRecords = Object.freeze({
  connection: recordResource<RepositoryResponse, CreatedRepositoryResponse>()('repos.connection', {
    list: ListRepositoriesRequest,
    create: CreateRepositoryRequest,
    get: RepositoryIdRequest,
    update: UpdateRepositoryRequest,
  }),
});

export const RepoSubjects = Object.freeze({
  ...recordSubjects(RepoRecords),
  connectionRemove: defineSubject<RepositoryIdRequest, void>('repos.connection.delete'),
  connectionRotateSecret: defineSubject<RepositoryIdRequest, CreatedRepositoryResponse>('repos.connection.rotate-secret'),
  previewLinks: defineSubject<PreviewLinksRequest, PreviewLinksResponse>('repos.link.preview'),
  /** A connection's delivery log: what the receiver did with each delivery of the last 30 days, newest first. */
  deliveryList: defineSubject<ListRepoDeliveriesRequest, Page<RepoDeliveryResponse>>('repos.delivery.list'),
  /** Read by the REST edge and by the MCP server: `{branches, commits, pullRequests}`, each entry with `linkedBy`. */
  workItemArtifacts: defineSubject<WorkItemArtifactsRequest, WorkItemArtifactsResponse>('repos.artifact.by-work-item'),
  /** The MCP packet's work items' artifacts in one request (WorkItemsArtifactsRequest). */
  artifactsByWorkItems: defineSubject<WorkItemsArtifactsRequest, WorkItemsArtifactsResponse>('repos.artifact.by-work-items'),
  /** Broadcast (no queue group): a connection's settings, secret or existence changed; every receiver replica drops its cached row. */
  connectionChanged: defineSubject<RepositoryChangedMessage, void>('repos.connection.changed'),
});
