import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { IsAnyOf, IsCalendarDate, IsIdList, IsStoredInt, IsTimestamp } from '../common/decorators';
import { Priority, enumValues } from '../common/enums';
import { Archivable } from '../common/archive';
import { RECORD_SORT, SortableQuery } from '../common/sort';
import { IsNullable, IsOptionalNonNull } from '../common/validation';
import { CkrStatus, ExperimentOutcome, ExperimentStatus, KeyResultStatus, OpportunityStatus, SolutionStatus } from './strategy.enums';


/** Limits the contract leaves open (docs/decisions.md, Strategy). */
export const STRATEGY_LIMITS = Object.freeze({
  longText: 5000,
  transcript: 500_000,
  idList: 100,
  successMetrics: 50,
  successMetric: 500,
  quotes: 50,
  quote: 2000,
});

/** A key result as the interface contract lets OKR creation and promotion supply it. */
export class KeyResultInputDto {
  @IsString() @Length(2, 200) title: string;
  @IsOptionalNonNull() @IsString() @MaxLength(120) metric?: string;
  @IsOptionalNonNull() @IsNumber({ allowNaN: false, allowInfinity: false }) targetValue?: number;
  @IsOptionalNonNull() @IsNumber({ allowNaN: false, allowInfinity: false }) currentValue?: number;
  @IsOptionalNonNull() @IsString() @MaxLength(40) unit?: string;
}

/** An optional list of at most `maxItems` non-empty texts of at most `maxLength` characters each. */
const TextList = (maxItems: number, maxLength: number): PropertyDecorator =>
  applyDecorators(IsOptionalNonNull(), IsArray(), ArrayMaxSize(maxItems), IsString({ each: true }), Length(1, maxLength, { each: true }));

const PlanningCycleIds = (): PropertyDecorator =>
  applyDecorators(IsArray(), ArrayMinSize(1), ArrayMaxSize(STRATEGY_LIMITS.idList), ArrayUnique(), IsUUID('all', { each: true }));

const KeyResultInputs = (): PropertyDecorator =>
  applyDecorators(IsOptionalNonNull(), IsArray(), ArrayMaxSize(STRATEGY_LIMITS.idList), ValidateNested({ each: true }), Type(() => KeyResultInputDto));

const Score = (): PropertyDecorator => applyDecorators(IsInt(), Min(1), Max(5));

/** The interface contract's body for creating an OKR. */
export class CreateCkrDto {
  @IsUUID() annualGoalId: string;
  @PlanningCycleIds() planningCycleIds: string[];
  @IsString() @Length(2, 200) title: string;
  @IsOptionalNonNull() @IsUUID() productGoalId?: string;
  @IsOptionalNonNull() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string;
  @IsOptionalNonNull() @IsUUID() ownerId?: string;
  @IsOptionalNonNull() @Score() confidence?: number;
  @IsOptionalNonNull() @IsIn(enumValues(CkrStatus)) status?: CkrStatus;
  @KeyResultInputs() keyResults?: KeyResultInputDto[];
}

/** PATCH /ckrs/{id}; key results change through their own route. */
export class UpdateCkrDto {
  @IsOptionalNonNull() @IsUUID() annualGoalId?: string;
  @IsOptionalNonNull() @PlanningCycleIds() planningCycleIds?: string[];
  @IsOptionalNonNull() @IsString() @Length(2, 200) title?: string;
  @IsNullable() @IsUUID() productGoalId?: string | null;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string | null;
  @IsNullable() @IsUUID() ownerId?: string | null;
  @IsOptionalNonNull() @Score() confidence?: number;
  @IsOptionalNonNull() @IsIn(enumValues(CkrStatus)) status?: CkrStatus;
}

/** PATCH /ckrs/{id}/key-results/{krId}. */
export class UpdateKeyResultDto {
  @IsNullable() @IsNumber({ allowNaN: false, allowInfinity: false }) currentValue?: number | null;
  @IsNullable() @IsNumber({ allowNaN: false, allowInfinity: false }) targetValue?: number | null;
  @IsOptionalNonNull() @IsIn(enumValues(KeyResultStatus)) status?: KeyResultStatus;
}

/** The list query of a strategy record kind without filters of its own (goals, cycles, interviews, insights). */
export class RecordListQuery extends SortableQuery(RECORD_SORT) {}

/** The list query of the strategy kinds that can be archived: paging, `sort` and `archived`. */
export class ArchivableRecordListQuery extends Archivable(RecordListQuery) {}

export class ListCkrsQuery extends RecordListQuery {
  @IsAnyOf(CkrStatus) status?: CkrStatus[];
  @IsOptional() @IsUUID() planningCycleId?: string;
  @IsOptional() @IsUUID() annualGoalId?: string;
}

const InsightIds = (): PropertyDecorator => applyDecorators(IsOptionalNonNull(), IsIdList(STRATEGY_LIMITS.idList));

/** The interface contract's body for creating an opportunity. */
export class CreateOpportunityDto {
  @IsString() @Length(2, 200) title: string;
  @IsOptionalNonNull() @IsUUID() productGoalId?: string;
  @IsOptionalNonNull() @IsUUID() ckrId?: string;
  @IsOptionalNonNull() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string;
  @IsOptionalNonNull() @IsIn(enumValues(Priority)) priority?: Priority;
  @IsOptionalNonNull() @Score() impact?: number;
  @IsOptionalNonNull() @Score() confidence?: number;
  @IsOptionalNonNull() @IsStoredInt(0) reach?: number;
  @IsOptionalNonNull() @IsStoredInt(1) effort?: number;
  @IsOptionalNonNull() @IsUUID() ownerId?: string;
  @InsightIds() insightIds?: string[];
}

/** PATCH /opportunities/{id}. PROMOTED is set only by promote. */
export class UpdateOpportunityDto {
  @IsOptionalNonNull() @IsString() @Length(2, 200) title?: string;
  @IsNullable() @IsUUID() productGoalId?: string | null;
  @IsNullable() @IsUUID() ckrId?: string | null;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string | null;
  @IsOptionalNonNull() @IsIn(enumValues(Priority)) priority?: Priority;
  @IsOptionalNonNull() @Score() impact?: number;
  @IsOptionalNonNull() @Score() confidence?: number;
  @IsNullable() @IsStoredInt(0) reach?: number | null;
  @IsNullable() @IsStoredInt(1) effort?: number | null;
  @IsNullable() @IsUUID() ownerId?: string | null;
  @IsOptionalNonNull() @IsIn(['NEW', 'EXPLORING', 'VALIDATED', 'DISCARDED'] satisfies OpportunityStatus[]) status?: OpportunityStatus;
  @InsightIds() insightIds?: string[];
}

export class ListOpportunitiesQuery extends ArchivableRecordListQuery {
  @IsAnyOf(OpportunityStatus) status?: OpportunityStatus[];
  @IsOptional() @IsUUID() ckrId?: string;
  @IsOptional() @IsUUID() productGoalId?: string;
}

/** The interface contract's body for promoting an opportunity, plus our `annualGoalId` for an opportunity without a product goal. */
export class PromoteOpportunityDto {
  @PlanningCycleIds() planningCycleIds: string[];
  @IsOptionalNonNull() @IsUUID() ownerId?: string;
  @IsOptionalNonNull() @Score() confidence?: number;
  @KeyResultInputs() keyResults?: KeyResultInputDto[];
  @IsOptionalNonNull() @IsUUID() annualGoalId?: string;
}

/** The interface contract's body for creating a solution (POST /opportunities/{id}/solutions takes the opportunity from the path). */
export class CreateOpportunitySolutionDto {
  @IsString() @Length(2, 200) title: string;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string | null;
  @IsOptionalNonNull() @Score() impact?: number;
  @IsOptionalNonNull() @Score() effort?: number;
  @IsOptionalNonNull() @Score() confidence?: number;
}

/** Creating a solution with a required `opportunityId`: the interface contract does not say how a solution finds its opportunity. */
export class CreateSolutionDto extends CreateOpportunitySolutionDto {
  @IsUUID() opportunityId: string;
}

export class UpdateSolutionDto {
  @IsOptionalNonNull() @IsString() @Length(2, 200) title?: string;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string | null;
  @IsOptionalNonNull() @Score() impact?: number;
  @IsOptionalNonNull() @Score() effort?: number;
  @IsOptionalNonNull() @Score() confidence?: number;
  @IsOptionalNonNull() @IsIn(enumValues(SolutionStatus)) status?: SolutionStatus;
}

export class ListSolutionsQuery extends ArchivableRecordListQuery {
  @IsOptional() @IsUUID() opportunityId?: string;
}

const SuccessMetrics = (): PropertyDecorator => TextList(STRATEGY_LIMITS.successMetrics, STRATEGY_LIMITS.successMetric);

/** The interface contract's body for creating an experiment. */
export class CreateExperimentDto {
  @IsUUID() ckrId: string;
  @IsString() @Length(2, 200) title: string;
  @IsOptionalNonNull() @IsUUID() solutionId?: string;
  @IsOptionalNonNull() @IsString() @MaxLength(STRATEGY_LIMITS.longText) hypothesis?: string;
  @SuccessMetrics() successMetrics?: string[];
}

/** PATCH /experiments/{id}. Concluded statuses are reached only through conclude. */
export class UpdateExperimentDto {
  @IsOptionalNonNull() @IsUUID() ckrId?: string;
  @IsOptionalNonNull() @IsString() @Length(2, 200) title?: string;
  @IsNullable() @IsUUID() solutionId?: string | null;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) hypothesis?: string | null;
  @SuccessMetrics() successMetrics?: string[];
  @IsOptionalNonNull() @IsIn(['DRAFT', 'RUNNING'] satisfies ExperimentStatus[]) status?: ExperimentStatus;
}

/** POST /experiments/{id}/conclude: the body is optional, and no outcome means INCONCLUSIVE. */
export class ConcludeExperimentDto {
  @IsOptionalNonNull() @IsIn(enumValues(ExperimentOutcome)) outcome?: ExperimentOutcome;
  @IsOptionalNonNull() @IsString() @MaxLength(STRATEGY_LIMITS.longText) result?: string;
}

export class ListExperimentsQuery extends ArchivableRecordListQuery {
  @IsAnyOf(ExperimentStatus) status?: ExperimentStatus[];
  @IsOptional() @IsUUID() ckrId?: string;
}

export class CreateAnnualGoalDto {
  @IsString() @Length(2, 200) title: string;
  @IsOptionalNonNull() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string;
  @IsOptionalNonNull() @IsString() @MaxLength(STRATEGY_LIMITS.longText) explanation?: string;
  @IsOptionalNonNull() @IsInt() @Min(1900) @Max(9999) year?: number;
}

export class UpdateAnnualGoalDto {
  @IsOptionalNonNull() @IsString() @Length(2, 200) title?: string;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string | null;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) explanation?: string | null;
  @IsNullable() @IsInt() @Min(1900) @Max(9999) year?: number | null;
}

export class CreateProductGoalDto {
  @IsString() @Length(2, 200) title: string;
  @IsOptionalNonNull() @IsUUID() annualGoalId?: string;
  @IsOptionalNonNull() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string;
  @IsOptionalNonNull() @IsString() @MaxLength(STRATEGY_LIMITS.longText) explanation?: string;
}

export class UpdateProductGoalDto {
  @IsOptionalNonNull() @IsString() @Length(2, 200) title?: string;
  @IsNullable() @IsUUID() annualGoalId?: string | null;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string | null;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) explanation?: string | null;
}

export class CreatePlanningCycleDto {
  @IsString() @Length(2, 200) name: string;
  @IsOptionalNonNull() @IsCalendarDate() startDate?: string;
  @IsOptionalNonNull() @IsCalendarDate() endDate?: string;
}

export class UpdatePlanningCycleDto {
  @IsOptionalNonNull() @IsString() @Length(2, 200) name?: string;
  @IsNullable() @IsCalendarDate() startDate?: string | null;
  @IsNullable() @IsCalendarDate() endDate?: string | null;
}

export class CreateInterviewDto {
  @IsString() @Length(2, 200) title: string;
  @IsOptionalNonNull() @IsString() @MaxLength(200) participant?: string;
  @IsOptionalNonNull() @IsTimestamp() conductedAt?: string;
  @IsOptionalNonNull() @IsString() @MaxLength(500_000) transcript?: string;
  @IsOptionalNonNull() @IsString() @MaxLength(STRATEGY_LIMITS.longText) summary?: string;
  @IsOptionalNonNull() @IsString() @MaxLength(20_000) analysis?: string;
}

export class UpdateInterviewDto {
  @IsOptionalNonNull() @IsString() @Length(2, 200) title?: string;
  @IsNullable() @IsString() @MaxLength(200) participant?: string | null;
  @IsNullable() @IsTimestamp() conductedAt?: string | null;
  @IsNullable() @IsString() @MaxLength(500_000) transcript?: string | null;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) summary?: string | null;
  @IsNullable() @IsString() @MaxLength(20_000) analysis?: string | null;
}

const Quotes = (): PropertyDecorator => TextList(STRATEGY_LIMITS.quotes, STRATEGY_LIMITS.quote);

export class CreateInsightDto {
  @IsString() @Length(2, 200) title: string;
  @IsOptionalNonNull() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string;
  @IsOptionalNonNull() @IsUUID() interviewId?: string;
  @Quotes() quotes?: string[];
}

export class UpdateInsightDto {
  @IsOptionalNonNull() @IsString() @Length(2, 200) title?: string;
  @IsNullable() @IsString() @MaxLength(STRATEGY_LIMITS.longText) description?: string | null;
  @IsNullable() @IsUUID() interviewId?: string | null;
  @Quotes() quotes?: string[];
}
