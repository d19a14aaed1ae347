import { Type } from 'class-transformer';
import { IsObject, IsString, IsUUID, Length, MaxLength, ValidateNested } from 'class-validator';
import { ArchiveRecordRequest } from '../common/archive';
import { Page } from '../common/pagination';
import { CreationListQuery } from '../common/sort';
import { BodyRequest, IdBodyRequest, IdQueryRequest, IdRequest, IsRecordRef, Located, QueryRequest } from '../common/requests';
import { defineSubject, operationSubjects, recordResource, recordSubjects } from '../common/subject';
import { DeleteRecordRequest, DeletedRecordResponse } from '../common/trash';
import { ChangelogEntryResponse, CreateChangelogDto, ListChangelogQuery, UpdateChangelogDto } from './changelog.dto';
import { CommentResponse, CreateCommentDto, CreateIntakeCommentDto, IntakeCommentResponse, UpdateCommentDto } from './comment.dto';
import { ErasePersonalDataRequest, ErasureResponse } from './erasure.dto';
import { ConvertIntakeDto, CreateIntakeDto, IntakeSubmissionResponse, ListIntakeQuery, ReportIntakeDto, UpdateIntakeDto } from './intake.dto';
import { CreateLabelDto, CreateTeamDto, LabelResponse, TeamResponse } from './label.dto';
import { PortalIntakeDto, PortalListQuery, PortalPageQuery, PortalVoteDto, PublicChangelogEntryResponse, PublicIntakeResponse } from './portal.dto';
import { ListWorkItemsRequest } from '../work-items/work-item.subjects';
import type { WorkItemResponse } from '../work-items/work-item.dto';
import { AddWorkItemRelationDto, RelatedWorkItem, WorkItemRelationsResponse } from './relation.dto';
import { CreateSprintDto, ListSprintsQuery, SprintResponse, UpdateSprintDto } from './sprint.dto';

/** A plain list of an organization's records: paging only. */
export class ListRequest extends QueryRequest(CreationListQuery) {}

export class ListRelationsRequest extends IdRequest {}

/**
 * A work-item list page as the MCP discovery packet shows it: each blocked item of the page with
 * the items blocking it (`blockedBy` of its relations), so the page and its blockers are one request.
 */
export interface DiscoveryWorkItemsPage extends Page<WorkItemResponse> {
  /** By work item uuid, for the blocked items of the page only. */
  blockedBy: Record<string, RelatedWorkItem[]>;
}
export class AddRelationRequest extends IdBodyRequest(AddWorkItemRelationDto) {}
export class RemoveRelationRequest extends IdRequest {
  @IsRecordRef()
  relationId!: string;
}

export class CreateLabelRequest extends BodyRequest(CreateLabelDto) {}
export class CreateTeamRequest extends BodyRequest(CreateTeamDto) {}

export class ListSprintsRequest extends QueryRequest(ListSprintsQuery) {}
export class CreateSprintRequest extends BodyRequest(CreateSprintDto) {}
export class GetSprintRequest extends IdRequest {}
export class UpdateSprintRequest extends IdBodyRequest(UpdateSprintDto) {}

export class ListCommentsRequest extends IdQueryRequest(CreationListQuery) {}
export class CreateCommentRequest extends IdBodyRequest(CreateCommentDto) {}
export class UpdateCommentRequest extends IdBodyRequest(UpdateCommentDto) {
  @IsRecordRef()
  commentId!: string;
}
export class DeleteCommentRequest extends IdRequest {
  @IsRecordRef()
  commentId!: string;
}

export class ListIntakeRequest extends QueryRequest(ListIntakeQuery) {}
export class CreateIntakeRequest extends BodyRequest(CreateIntakeDto) {}
export class IntakeRequest extends IdRequest {}
export class UpdateIntakeRequest extends IdBodyRequest(UpdateIntakeDto) {}
export class ReportIntakeRequest extends IdBodyRequest(ReportIntakeDto) {}
export class ConvertIntakeRequest extends IdBodyRequest(ConvertIntakeDto) {}
export class ListIntakeCommentsRequest extends IdQueryRequest(CreationListQuery) {}
export class CreateIntakeCommentRequest extends IdBodyRequest(CreateIntakeCommentDto) {}

export class ListChangelogRequest extends QueryRequest(ListChangelogQuery) {}
export class CreateChangelogRequest extends BodyRequest(CreateChangelogDto) {}
export class UpdateChangelogRequest extends IdBodyRequest(UpdateChangelogDto) {}
export class PublishChangelogRequest extends IdRequest {}

/** The public portal has no caller: the gateway resolved the organization from the slug. */
export class PortalListRequest extends PortalListQuery {
  @IsUUID()
  organizationId!: string;
}
export class PortalSubmitRequest {
  @IsUUID()
  organizationId!: string;

  @IsObject()
  @ValidateNested()
  @Type(() => PortalIntakeDto)
  body!: PortalIntakeDto;
}
export class PortalGetRequest {
  @IsUUID()
  organizationId!: string;

  @IsRecordRef()
  id!: string;
}
export class PortalVoteRequest extends PortalGetRequest {
  /** SHA-256 (hex) of the organization and the client address: the gateway never passes the address itself. */
  @IsString()
  @Length(64, 64)
  addressHash!: string;

  @IsObject()
  @ValidateNested()
  @Type(() => PortalVoteDto)
  body!: PortalVoteDto;
}
export class PortalChangelogListRequest extends PortalPageQuery {
  @IsUUID()
  organizationId!: string;
}
export class PortalChangelogGetRequest {
  @IsUUID()
  organizationId!: string;

  /** A path segment as it came: anything but a published entry's uuid is 404. */
  @IsString()
  @MaxLength(200)
  id!: string;
}

/** A delivery record found by its uuid, with its kind (RECORD_KINDS' names); null: none of the organization's. */
export type LocatedDeliveryRecord = Located<'work_item', WorkItemResponse> | Located<'sprint', SprintResponse> | Located<'intake', IntakeSubmissionResponse>;

/**
 * Labels, teams, sprints and intake: their plain operations, in the order of their REST routes (see
 * RecordResource).
 */
export const DeliveryRecords = Object.freeze({
  label: recordResource<LabelResponse>()('delivery.label', { list: ListRequest, create: CreateLabelRequest, get: IdRequest }),
  team: recordResource<TeamResponse>()('delivery.team', { list: ListRequest, create: CreateTeamRequest, get: IdRequest }),
  sprint: recordResource<SprintResponse>()('delivery.sprint', { list: ListSprintsRequest, create: CreateSprintRequest, get: GetSprintRequest, update: UpdateSprintRequest, archive: ArchiveRecordRequest, unarchive: ArchiveRecordRequest }),
  intake: recordResource<IntakeSubmissionResponse>()('delivery.intake', { list: ListIntakeRequest, create: CreateIntakeRequest, get: IntakeRequest, update: UpdateIntakeRequest }),
});

export const DeliverySubjects = Object.freeze({
  ...recordSubjects(DeliveryRecords),
  relationList: defineSubject<ListRelationsRequest, WorkItemRelationsResponse>('delivery.relation.list'),
  /** The work-item list (its query) with the blockers of the page's blocked items: DiscoveryWorkItemsPage. */
  discoveryWorkItems: defineSubject<ListWorkItemsRequest, DiscoveryWorkItemsPage>('delivery.discovery.work-items'),
  relationAdd: defineSubject<AddRelationRequest, WorkItemRelationsResponse>('delivery.relation.add'),
  relationRemove: defineSubject<RemoveRelationRequest, void>('delivery.relation.remove'),
  commentList: defineSubject<ListCommentsRequest, Page<CommentResponse>>('delivery.comment.list'),
  commentCreate: defineSubject<CreateCommentRequest, CommentResponse>('delivery.comment.create'),
  commentUpdate: defineSubject<UpdateCommentRequest, CommentResponse>('delivery.comment.update'),
  commentDelete: defineSubject<DeleteCommentRequest, void>('delivery.comment.delete'),
  intakeVote: defineSubject<IntakeRequest, IntakeSubmissionResponse>('delivery.intake.vote'),
  /** Removes a stakeholder's name and address from the organization's submissions, votes and outbox, then from the webhook dispatcher's copies. */
  intakeErase: defineSubject<ErasePersonalDataRequest, ErasureResponse>('delivery.intake.erase'),
  intakeUnvote: defineSubject<IntakeRequest, void>('delivery.intake.unvote'),
  intakeReport: defineSubject<ReportIntakeRequest, IntakeSubmissionResponse>('delivery.intake.report'),
  intakeConvert: defineSubject<ConvertIntakeRequest, IntakeSubmissionResponse>('delivery.intake.convert'),
  intakeCommentList: defineSubject<ListIntakeCommentsRequest, Page<IntakeCommentResponse>>('delivery.intake.comment.list'),
  intakeCommentCreate: defineSubject<CreateIntakeCommentRequest, IntakeCommentResponse>('delivery.intake.comment.create'),
  /** DELETE of any delivery record: it goes to the trash. */
  recordDelete: defineSubject<DeleteRecordRequest, DeletedRecordResponse>('delivery.record.delete'),
});

/** Changelog entries' plain operations, in the order of their REST routes (see RecordResource). */
export const ChangelogRecords = Object.freeze({
  entry: recordResource<ChangelogEntryResponse>()('delivery.changelog', { list: ListChangelogRequest, create: CreateChangelogRequest, get: IdRequest, update: UpdateChangelogRequest }),
});

export const ChangelogSubjects = Object.freeze({
  ...operationSubjects(ChangelogRecords.entry),
  publish: defineSubject<PublishChangelogRequest, ChangelogEntryResponse>('delivery.changelog.publish'),
});

export const PortalSubjects = Object.freeze({
  list: defineSubject<PortalListRequest, Page<PublicIntakeResponse>>('delivery.portal.list'),
  submit: defineSubject<PortalSubmitRequest, PublicIntakeResponse>('delivery.portal.submit'),
  get: defineSubject<PortalGetRequest, PublicIntakeResponse>('delivery.portal.get'),
  vote: defineSubject<PortalVoteRequest, PublicIntakeResponse>('delivery.portal.vote'),
  changelogList: defineSubject<PortalChangelogListRequest, Page<PublicChangelogEntryResponse>>('delivery.portal.changelog.list'),
  changelogGet: defineSubject<PortalChangelogGetRequest, PublicChangelogEntryResponse>('delivery.portal.changelog.get'),
});
