import type { AuthContext } from '../common/auth-context';
import type { ListQuery } from '../common/pagination';
import type { CreateChangelogDto, ListChangelogQuery, UpdateChangelogDto } from './changelog.dto';
import type { CreateCommentDto, CreateIntakeCommentDto, UpdateCommentDto } from './comment.dto';
import type { ConvertIntakeDto, CreateIntakeDto, ListIntakeQuery, ReportIntakeDto, UpdateIntakeDto } from './intake.dto';
import type { CreateLabelDto, CreateTeamDto } from './label.dto';
import type { AddWorkItemRelationDto } from './relation.dto';
import type { CreateSprintDto, ListSprintsQuery, UpdateSprintDto } from './sprint.dto';

export const DeliverySubjects = Object.freeze({
  relationList: 'delivery.relation.list',
  relationAdd: 'delivery.relation.add',
  relationRemove: 'delivery.relation.remove',
  labelList: 'delivery.label.list',
  labelCreate: 'delivery.label.create',
  teamList: 'delivery.team.list',
  teamCreate: 'delivery.team.create',
  sprintList: 'delivery.sprint.list',
  sprintCreate: 'delivery.sprint.create',
  sprintGet: 'delivery.sprint.get',
  sprintUpdate: 'delivery.sprint.update',
  commentList: 'delivery.comment.list',
  commentCreate: 'delivery.comment.create',
  commentUpdate: 'delivery.comment.update',
  commentDelete: 'delivery.comment.delete',
  intakeList: 'delivery.intake.list',
  intakeCreate: 'delivery.intake.create',
  intakeGet: 'delivery.intake.get',
  intakeUpdate: 'delivery.intake.update',
  intakeVote: 'delivery.intake.vote',
  intakeUnvote: 'delivery.intake.unvote',
  intakeReport: 'delivery.intake.report',
  intakeConvert: 'delivery.intake.convert',
  intakeCommentList: 'delivery.intake.comment.list',
  intakeCommentCreate: 'delivery.intake.comment.create',
});

export interface ListRelationsRequest {
  auth: AuthContext;
  id: string;
}
export interface AddRelationRequest {
  auth: AuthContext;
  id: string;
  body: AddWorkItemRelationDto;
}
export interface RemoveRelationRequest {
  auth: AuthContext;
  id: string;
  relationId: string;
}
export interface ListRequest<Q = ListQuery> {
  auth: AuthContext;
  query: Q;
}
export interface CreateLabelRequest {
  auth: AuthContext;
  body: CreateLabelDto;
}
export interface CreateTeamRequest {
  auth: AuthContext;
  body: CreateTeamDto;
}
export type ListSprintsRequest = ListRequest<ListSprintsQuery>;
export interface CreateSprintRequest {
  auth: AuthContext;
  body: CreateSprintDto;
}
export interface GetSprintRequest {
  auth: AuthContext;
  id: string;
}
export interface UpdateSprintRequest {
  auth: AuthContext;
  id: string;
  body: UpdateSprintDto;
}

export interface ListCommentsRequest {
  auth: AuthContext;
  id: string;
  query: ListQuery;
}
export interface CreateCommentRequest {
  auth: AuthContext;
  id: string;
  body: CreateCommentDto;
}
export interface UpdateCommentRequest {
  auth: AuthContext;
  id: string;
  commentId: string;
  body: UpdateCommentDto;
}
export interface DeleteCommentRequest {
  auth: AuthContext;
  id: string;
  commentId: string;
}

export type ListIntakeRequest = ListRequest<ListIntakeQuery>;
export interface CreateIntakeRequest {
  auth: AuthContext;
  body: CreateIntakeDto;
}
export interface IntakeRequest {
  auth: AuthContext;
  id: string;
}
export interface UpdateIntakeRequest extends IntakeRequest {
  body: UpdateIntakeDto;
}
export interface ReportIntakeRequest extends IntakeRequest {
  body: ReportIntakeDto;
}
export interface ConvertIntakeRequest extends IntakeRequest {
  body: ConvertIntakeDto;
}

export type ListChangelogRequest = ListRequest<ListChangelogQuery>;
export interface CreateChangelogRequest {
  auth: AuthContext;
  body: CreateChangelogDto;
}
export interface UpdateChangelogRequest {
  auth: AuthContext;
  id: string;
  body: UpdateChangelogDto;
}
export interface PublishChangelogRequest {
  auth: AuthContext;
  id: string;
}
export interface ListIntakeCommentsRequest extends IntakeRequest {
  query: ListQuery;
}
export interface CreateIntakeCommentRequest extends IntakeRequest {
  body: CreateIntakeCommentDto;
}
