import { IsUUID } from 'class-validator';
import { IsIdList } from '../common/decorators';
import type { Page } from '../common/pagination';
import { AuthedRequest, BodyRequest, IdBodyRequest, IdQueryRequest, IdRequest, QueryRequest } from '../common/requests';
import { defineSubject, recordResource, recordSubjects } from '../common/subject';
import { CreateRepositoryDto, ListRepoDeliveriesQuery, ListRepositoriesQuery, PreviewLinksDto, UpdateRepositoryDto } from './repo.dto';
import type { CreatedRepositoryResponse, PreviewLinksResponse, RepoDeliveryResponse, RepositoryResponse, WorkItemArtifactsResponse } from './repo.responses';

export class CreateRepositoryRequest extends BodyRequest(CreateRepositoryDto) {}
export class ListRepositoriesRequest extends QueryRequest(ListRepositoriesQuery) {}
export class UpdateRepositoryRequest extends IdBodyRequest(UpdateRepositoryDto) {}
/** get, delete, rotate-secret. */
export class RepositoryIdRequest extends IdRequest {}
export class PreviewLinksRequest extends BodyRequest(PreviewLinksDto) {}
/** `id`: the connection's uuid. */
export class ListRepoDeliveriesRequest extends IdQueryRequest(ListRepoDeliveriesQuery) {}
/** `id`: the work item's uuid or key. */
export class WorkItemArtifactsRequest extends IdRequest {}
/**
 * `ids`: uuids of work items the caller has read already (the MCP packet holds them), so the answer
 * needs no round trip to delivery-intake: an id of no item of the organization simply has no artifacts.
 */
export class WorkItemsArtifactsRequest extends AuthedRequest {
  @IsIdList(100)
  ids!: string[];
}

/** Artifacts per work item uuid; every id asked is present. */
export interface WorkItemsArtifactsResponse {
  byWorkItem: Record<string, WorkItemArtifactsResponse>;
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
