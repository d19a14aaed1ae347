import { ApiSchema } from '@nestjs/swagger';
import { Priority } from '../common/enums';
import { Field, KeyedRecordResponse, MutableRecordResponse, Timestamped } from '../common/schema';
import { CkrStatus, ExperimentStatus, KeyResultStatus, OpportunityStatus, SolutionStatus } from './strategy.enums';

/** A key result of an OKR, as the interface contract shows it. */
export class KeyResultResponse {
  @Field.uuid() id!: string;
  @Field.string() title!: string;
  @Field.string({ nullable: true }) metric!: string | null;
  @Field.number({ nullable: true }) targetValue!: number | null;
  @Field.number({ nullable: true }) currentValue!: number | null;
  @Field.string({ nullable: true }) unit!: string | null;
  @Field.enum(KeyResultStatus) status!: KeyResultStatus;
}

/** An OKR, field for field as the interface contract shows it. */
@ApiSchema({ description: 'A CKR: an OKR (an objective with measurable key results), key `OKR-n`.' })
@Timestamped()
export class CkrResponse extends KeyedRecordResponse {
  @Field.uuid() annualGoalId!: string;
  @Field.uuid({ nullable: true }) productGoalId!: string | null;
  @Field.uuids() planningCycleIds!: string[];
  @Field.uuid({ nullable: true }) ownerId!: string | null;
  @Field.string() title!: string;
  @Field.string({ nullable: true }) description!: string | null;
  @Field.integer() confidence!: number;
  @Field.enum(CkrStatus) status!: CkrStatus;
  @Field.list(() => KeyResultResponse) keyResults!: KeyResultResponse[];
}

/** An opportunity, field for field as the interface contract shows it. */
@ApiSchema({ description: 'An opportunity: a customer problem or need worth solving, key `OPP-n`.' })
@Timestamped()
export class OpportunityResponse extends KeyedRecordResponse {
  @Field.uuid({ nullable: true }) productGoalId!: string | null;
  @Field.uuid({ nullable: true }) ckrId!: string | null;
  @Field.string() title!: string;
  @Field.string({ nullable: true }) description!: string | null;
  @Field.enum(Priority) priority!: Priority;
  @Field.integer() impact!: number;
  @Field.integer() confidence!: number;
  @Field.integer({ nullable: true }) reach!: number | null;
  @Field.integer({ nullable: true }) effort!: number | null;
  @Field.number({ nullable: true }) score!: number | null;
  @Field.number({ nullable: true }) riceScore!: number | null;
  @Field.enum(OpportunityStatus) status!: OpportunityStatus;
  @Field.uuid({ nullable: true }) ownerId!: string | null;
  @Field.boolean() isMirror!: boolean;
  @Field.uuids() insightIds!: string[];
  @Field.timestamp({ nullable: true, description: 'When the record was archived; null while it is not' }) archivedAt!: string | null;
}

export class PromoteOpportunityResponse {
  @Field.object(() => OpportunityResponse) opportunity!: OpportunityResponse;
  @Field.object(() => CkrResponse) ckr!: CkrResponse;
}

/** A solution, field for field as the interface contract shows it. */
@Timestamped()
export class SolutionResponse extends MutableRecordResponse {
  @Field.uuid() opportunityId!: string;
  @Field.string() title!: string;
  @Field.string({ nullable: true }) description!: string | null;
  @Field.integer() impact!: number;
  @Field.integer() effort!: number;
  @Field.integer() confidence!: number;
  @Field.enum(SolutionStatus) status!: SolutionStatus;
  @Field.timestamp({ nullable: true, description: 'When the record was archived; null while it is not' }) archivedAt!: string | null;
}

/** An experiment, field for field as the interface contract shows it. */
@Timestamped()
export class ExperimentResponse extends KeyedRecordResponse {
  @Field.uuid() ckrId!: string;
  @Field.uuid({ nullable: true }) solutionId!: string | null;
  @Field.string() title!: string;
  @Field.string({ nullable: true }) hypothesis!: string | null;
  @Field.strings() successMetrics!: string[];
  @Field.string({ nullable: true }) result!: string | null;
  @Field.enum(ExperimentStatus) status!: ExperimentStatus;
  @Field.timestamp({ nullable: true, description: 'When the record was archived; null while it is not' }) archivedAt!: string | null;
}

@Timestamped()
export class AnnualGoalResponse extends MutableRecordResponse {
  @Field.string() title!: string;
  @Field.string({ nullable: true }) description!: string | null;
  @Field.string({ nullable: true }) explanation!: string | null;
  @Field.integer({ nullable: true }) year!: number | null;
  @Field.timestamp({ nullable: true, description: 'When the record was archived; null while it is not' }) archivedAt!: string | null;
}

@Timestamped()
export class ProductGoalResponse extends MutableRecordResponse {
  @Field.uuid({ nullable: true }) annualGoalId!: string | null;
  @Field.string() title!: string;
  @Field.string({ nullable: true }) description!: string | null;
  @Field.string({ nullable: true }) explanation!: string | null;
  @Field.timestamp({ nullable: true, description: 'When the record was archived; null while it is not' }) archivedAt!: string | null;
}

@Timestamped()
export class PlanningCycleResponse extends MutableRecordResponse {
  @Field.string() name!: string;
  @Field.date({ nullable: true }) startDate!: string | null;
  @Field.date({ nullable: true }) endDate!: string | null;
}

@Timestamped()
export class InterviewResponse extends MutableRecordResponse {
  @Field.string() title!: string;
  @Field.string({ nullable: true }) participant!: string | null;
  @Field.timestamp({ nullable: true }) conductedAt!: string | null;
  @Field.string({ nullable: true }) transcript!: string | null;
  @Field.string({ nullable: true }) summary!: string | null;
  @Field.string({ nullable: true }) analysis!: string | null;
}

@Timestamped()
export class InsightResponse extends MutableRecordResponse {
  @Field.uuid({ nullable: true }) interviewId!: string | null;
  @Field.string() title!: string;
  @Field.string({ nullable: true }) description!: string | null;
  @Field.strings() quotes!: string[];
}
