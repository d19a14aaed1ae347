import { IsIdList } from '../common/decorators';
import { IsBoolean, IsIn, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { ReporterSource, WorkItemStatus, WorkItemType, defineEnum, enumValues } from '../common/enums';
import { ListSort, SortableQuery } from '../common/sort';
import { RECORD_KINDS } from '../common/record-kinds';
import { IsNullable, IsOptionalNonNull } from '../common/validation';
import { Field, RecordResponse, Timestamped } from '../common/schema';

export const INTAKE_KEY_PREFIX = RECORD_KINDS.intake.keyPrefix;
export const MAX_INTAKE_DESCRIPTION = 900_000;
export const MAX_INTAKE_WATCHERS = 20;
/** Open reports that turn a CLEAN submission FLAGGED. */
export const INTAKE_FLAG_THRESHOLD = 3;

export const IntakeKind = defineEnum(['BUG', 'IMPROVEMENT']);
export type IntakeKind = (typeof IntakeKind)[keyof typeof IntakeKind];
export const IntakeStage = defineEnum(['SUBMITTED', 'IN_PREPARATION', 'IN_PROGRESS', 'DONE']);
export type IntakeStage = (typeof IntakeStage)[keyof typeof IntakeStage];
export const ModerationState = defineEnum(['CLEAN', 'FLAGGED', 'HIDDEN']);
export type ModerationState = (typeof ModerationState)[keyof typeof ModerationState];
export const ReportReason = defineEnum(['SPAM', 'HARASSMENT', 'HATEFUL_CONTENT', 'PERSONAL_DATA', 'ILLEGAL_CONTENT', 'OTHER']);
export type ReportReason = (typeof ReportReason)[keyof typeof ReportReason];
/** What a submission converts into. */
export const IntakeConvertTarget = defineEnum(['WORK_ITEM', 'OPPORTUNITY']);
export type IntakeConvertTarget = (typeof IntakeConvertTarget)[keyof typeof IntakeConvertTarget];


/** What every submission names first, whether through the API or the public portal. */
export class IntakeBasicsDto {
  @IsIn(enumValues(IntakeKind))
  kind: IntakeKind;

  @IsString()
  @Length(3, 200)
  title: string;
}

/** The interface contract's body for submitting intake. */
export class CreateIntakeDto extends IntakeBasicsDto {
  @IsOptionalNonNull()
  @IsString()
  @MaxLength(MAX_INTAKE_DESCRIPTION)
  description?: string;

  @IsOptionalNonNull()
  @IsIn(enumValues(ReporterSource))
  source?: ReporterSource;

  @IsOptionalNonNull()
  @IsUUID()
  assigneeId?: string;

  @IsOptionalNonNull()
  @IsIdList(MAX_INTAKE_WATCHERS)
  watcherIds?: string[];
}

/** Triage (PM/ADMIN). Setting moderationState CLEAN or HIDDEN resolves the open reports. */
export class UpdateIntakeDto {
  @IsOptionalNonNull() @IsIn(enumValues(IntakeStage)) stage?: IntakeStage;
  @IsNullable() @IsUUID() assigneeId?: string | null;

  @IsOptionalNonNull()
  @IsIdList(MAX_INTAKE_WATCHERS)
  watcherIds?: string[];

  @IsOptionalNonNull() @IsBoolean() isPublic?: boolean;
  @IsOptionalNonNull() @IsIn([ModerationState.CLEAN, ModerationState.HIDDEN]) moderationState?: ModerationState;
}

export class ReportIntakeDto {
  @IsIn(enumValues(ReportReason))
  reason: ReportReason;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(2000)
  details?: string;
}

export class ConvertIntakeDto {
  @IsIn(enumValues(IntakeConvertTarget))
  target: IntakeConvertTarget;

  /** Work-item type; default BUG for a BUG submission, else IMPROVEMENT. */
  @IsOptionalNonNull()
  @IsIn(enumValues(WorkItemType))
  type?: WorkItemType;
}

/** Key order (INT-1 first) by default; `votes` reads the vote count kept for the portal's most-voted order. */
export const INTAKE_SORT = new ListSort({ key: 'int', createdAt: 'time', updatedAt: 'time', votes: 'int' }, 'key');
export type IntakeSortField = (typeof INTAKE_SORT.names)[number];

export class ListIntakeQuery extends SortableQuery(INTAKE_SORT) {
  @IsOptionalNonNull() @IsIn(enumValues(IntakeStage)) stage?: IntakeStage;
  @IsOptionalNonNull() @IsIn(enumValues(IntakeKind)) kind?: IntakeKind;
}

@Timestamped()
export class ModerationReport extends RecordResponse {
  @Field.enum(ReportReason) reason!: ReportReason;
  @Field.string({ nullable: true }) details!: string | null;
}

/**
 * The head of a submission as both its answers show it, the team's and the public portal's. Not
 * @Timestamped itself: `createdAt` follows each answer's own fields.
 */
export class IntakeSummaryResponse extends RecordResponse {
  @Field.string() key!: string;
  @Field.enum(IntakeKind) kind!: IntakeKind;
  @Field.string() title!: string;
  @Field.string({ nullable: true }) description!: string | null;
}

/** An intake submission with every field the interface contract lists, all always present. */
@Timestamped()
export class IntakeSubmissionResponse extends IntakeSummaryResponse {
  @Field.enum(ReporterSource, { nullable: true }) source!: ReporterSource | null;
  @Field.enum(IntakeStage) stage!: IntakeStage;
  @Field.uuid({ nullable: true }) submittedById!: string | null;
  @Field.uuid({ nullable: true }) assigneeId!: string | null;
  @Field.uuid({ nullable: true }) workItemId!: string | null;
  @Field.string({ nullable: true }) workItemKey!: string | null;
  @Field.enum(WorkItemStatus, { nullable: true }) workItemStatus!: WorkItemStatus | null;
  @Field.uuid({ nullable: true }) opportunityId!: string | null;
  @Field.string({ nullable: true }) opportunityKey!: string | null;
  @Field.boolean() viaPortal!: boolean;
  @Field.boolean() isPublic!: boolean;
  @Field.enum(ModerationState) moderationState!: ModerationState;
  @Field.integer({ minimum: 0 }) openReportCount!: number;
  @Field.list(() => ModerationReport) moderationReports!: ModerationReport[];
  @Field.integer() votes!: number;
  @Field.string({ nullable: true }) submitterName!: string | null;
  @Field.string({ nullable: true }) submitterEmail!: string | null;
  @Field.timestamp({ nullable: true }) completedAt!: string | null;
  @Field.uuids() watcherIds!: string[];
}
