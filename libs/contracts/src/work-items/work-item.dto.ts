import { applyDecorators } from '@nestjs/common';
import { IsIdList } from '../common/decorators';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { IsAnyOf, IsCalendarDate, IsStoredInt, IsTimestamp } from '../common/decorators';
import {
  Classification,
  Discipline,
  ExperimentKind,
  MaintenanceCategory,
  Priority,
  ReporterSource,
  WorkItemStatus,
  WorkItemType,
  enumValues,
} from '../common/enums';
import { Archivable } from '../common/archive';
import { ListSort, SortableQuery } from '../common/sort';
import { RECORD_KINDS } from '../common/record-kinds';
import { Field, KeyedRecordResponse, Timestamped } from '../common/schema';
import { IsNullable, IsOptionalNonNull } from '../common/validation';

export const WORK_ITEM_KEY_PREFIX = RECORD_KINDS.work_item.keyPrefix;
export const MAX_WORK_ITEM_LINKS = 50;

/** Labels or mentioned users of an item or comment: may be left out, never null, at most MAX_WORK_ITEM_LINKS distinct uuids. */
export const IsLinkList = (): PropertyDecorator => applyDecorators(IsOptionalNonNull(), IsIdList(MAX_WORK_ITEM_LINKS));


/** Fields shared by create and update; update makes each optional and some nullable. */
export class CreateWorkItemDto {
  @IsString()
  @Length(2, 200)
  title: string;

  @IsIn(enumValues(WorkItemType))
  type: WorkItemType;

  /** No length limit beyond the request body limit: the contract sets none. */
  @IsOptionalNonNull()
  @IsString()
  description?: string;

  @IsOptionalNonNull()
  @IsIn(enumValues(Priority))
  priority?: Priority;

  @IsOptionalNonNull()
  @IsIn(enumValues(WorkItemStatus))
  status?: WorkItemStatus;

  @IsOptionalNonNull()
  @IsBoolean()
  adHoc?: boolean;

  @IsOptionalNonNull()
  @IsStoredInt(0)
  estimate?: number;

  @IsOptionalNonNull()
  @IsStoredInt(0)
  storyPoints?: number;

  @IsOptionalNonNull()
  @IsCalendarDate()
  dueDate?: string;

  @IsOptionalNonNull() @IsUUID() parentId?: string;
  @IsOptionalNonNull() @IsUUID() sprintId?: string;
  @IsOptionalNonNull() @IsUUID() assigneeId?: string;
  @IsOptionalNonNull() @IsUUID() reporterId?: string;
  @IsOptionalNonNull() @IsUUID() productManagerId?: string;
  @IsOptionalNonNull() @IsUUID() experimentId?: string;
  @IsOptionalNonNull() @IsUUID() ckrId?: string;
  @IsOptionalNonNull() @IsUUID() opportunityId?: string;
  @IsOptionalNonNull() @IsUUID() solutionId?: string;

  @IsOptionalNonNull()
  @IsIn(enumValues(ReporterSource))
  reporterSource?: ReporterSource;

  @IsOptionalNonNull()
  @IsIn(enumValues(ExperimentKind))
  experimentKind?: ExperimentKind;

  @IsOptionalNonNull()
  @IsIn(enumValues(MaintenanceCategory))
  maintenanceCategory?: MaintenanceCategory;

  @IsOptionalNonNull()
  @IsIn(enumValues(Discipline))
  discipline?: Discipline;

  @IsLinkList()
  labelIds?: string[];

  @IsLinkList()
  mentionedUserIds?: string[];
}

/** Partial update: every field optional; `null` clears the fields the interface contract lists as clearable. */
export class UpdateWorkItemDto {
  @IsOptionalNonNull()
  @IsTimestamp()
  expectedUpdatedAt?: string;

  @IsOptionalNonNull() @IsString() @Length(2, 200) title?: string;
  @IsNullable() @IsString() description?: string | null;
  @IsOptionalNonNull() @IsIn(enumValues(WorkItemType)) type?: WorkItemType;
  @IsOptionalNonNull() @IsIn(enumValues(Priority)) priority?: Priority;
  @IsOptionalNonNull() @IsIn(enumValues(WorkItemStatus)) status?: WorkItemStatus;
  @IsOptionalNonNull() @IsBoolean() adHoc?: boolean;
  @IsNullable() @IsStoredInt(0) estimate?: number | null;
  @IsNullable() @IsStoredInt(0) storyPoints?: number | null;
  @IsNullable() @IsCalendarDate() dueDate?: string | null;
  @IsNullable() @IsUUID() parentId?: string | null;
  @IsNullable() @IsUUID() sprintId?: string | null;
  @IsNullable() @IsUUID() assigneeId?: string | null;
  @IsNullable() @IsUUID() reporterId?: string | null;
  @IsNullable() @IsIn(enumValues(ReporterSource)) reporterSource?: ReporterSource | null;
  @IsNullable() @IsUUID() productManagerId?: string | null;
  @IsNullable() @IsIn(enumValues(ExperimentKind)) experimentKind?: ExperimentKind | null;
  @IsNullable() @IsUUID() ckrId?: string | null;
  @IsNullable() @IsUUID() experimentId?: string | null;
  @IsNullable() @IsUUID() opportunityId?: string | null;
  @IsNullable() @IsUUID() solutionId?: string | null;
  @IsNullable() @IsIn(enumValues(MaintenanceCategory)) maintenanceCategory?: MaintenanceCategory | null;
  @IsNullable() @IsIn(enumValues(Discipline)) discipline?: Discipline | null;

  @IsLinkList()
  labelIds?: string[];

  @IsLinkList()
  mentionedUserIds?: string[];
}

/**
 * The sorts of GET /work-items, each served by an index of (organization, field): key (the
 * default, creation order by number), creation, last change, priority, status.
 */
export const WORK_ITEM_SORT = new ListSort({ key: 'int', createdAt: 'time', updatedAt: 'time', priority: 'enum', status: 'enum' }, 'key');
export type WorkItemSortField = (typeof WORK_ITEM_SORT.names)[number];

export class ListWorkItemsQuery extends Archivable(SortableQuery(WORK_ITEM_SORT)) {
  @IsAnyOf(WorkItemStatus)
  status?: WorkItemStatus[];

  @IsAnyOf(WorkItemType)
  type?: WorkItemType[];

  @IsAnyOf(Priority)
  priority?: Priority[];

  @IsOptional() @IsUUID() sprintId?: string;
  @IsOptional() @IsUUID() assigneeId?: string;
  @IsOptional() @IsUUID() ckrId?: string;
  @IsOptional() @IsUUID() labelId?: string;
  @IsOptional() @IsUUID() parentId?: string;
  /** The delivery of one discovery record (MCP's discovery packet; also a REST filter). */
  @IsOptional() @IsUUID() opportunityId?: string;
  @IsOptional() @IsUUID() solutionId?: string;
  @IsOptional() @IsUUID() experimentId?: string;

  @IsOptional()
  @IsIn(enumValues(Classification))
  classification?: Classification;

  /** Case-insensitive match on the title, or the exact key (`WI-42`). */
  @IsOptional()
  @IsString()
  @Length(1, 200)
  q?: string;

  @IsOptional()
  @IsTimestamp()
  updatedSince?: string;
}


export class LabelRef {
  @Field.uuid() id!: string;
  @Field.string() name!: string;
  @Field.string() color!: string;
}

/** A work item, field for field as the interface contract shows it. */
@Timestamped()
export class WorkItemResponse extends KeyedRecordResponse {
  @Field.string() title!: string;
  @Field.string({ nullable: true }) description!: string | null;
  @Field.enum(WorkItemType) type!: WorkItemType;
  @Field.enum(WorkItemStatus) status!: WorkItemStatus;
  @Field.enum(Priority) priority!: Priority;
  @Field.boolean() adHoc!: boolean;
  @Field.integer() carryOverCount!: number;
  @Field.integer({ nullable: true }) estimate!: number | null;
  @Field.integer({ nullable: true }) storyPoints!: number | null;
  @Field.date({ nullable: true }) dueDate!: string | null;
  @Field.uuid({ nullable: true }) ckrId!: string | null;
  @Field.uuid({ nullable: true }) opportunityId!: string | null;
  @Field.uuid({ nullable: true }) solutionId!: string | null;
  @Field.enum(MaintenanceCategory, { nullable: true }) maintenanceCategory!: MaintenanceCategory | null;
  @Field.enum(Discipline, { nullable: true }) discipline!: Discipline | null;
  @Field.enum(Classification) classification!: Classification;
  @Field.uuid({ nullable: true }) parentId!: string | null;
  @Field.uuid({ nullable: true }) sprintId!: string | null;
  @Field.uuid({ nullable: true }) assigneeId!: string | null;
  @Field.uuid({ nullable: true }) reporterId!: string | null;
  @Field.enum(ReporterSource, { nullable: true }) reporterSource!: ReporterSource | null;
  @Field.uuid({ nullable: true }) productManagerId!: string | null;
  @Field.enum(ExperimentKind, { nullable: true }) experimentKind!: ExperimentKind | null;
  @Field.uuid({ nullable: true }) experimentId!: string | null;
  @Field.list(() => LabelRef) labels!: LabelRef[];
  @Field.integer() blockedByCount!: number;
  @Field.boolean() isBlocked!: boolean;
  @Field.timestamp({ nullable: true, description: 'When the record was archived; null while it is not' }) archivedAt!: string | null;
}
