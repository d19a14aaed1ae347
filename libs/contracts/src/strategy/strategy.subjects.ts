import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { ListQuery, MAX_PAGE_SIZE } from '../common/pagination';
import { IsIdList } from '../common/decorators';
import { AuthedRequest, BodyRequest, IdBodyRequest, IdOptionalBodyRequest, IdRequest, IsRecordRef, QueryRequest } from '../common/requests';
import { defineSubject, recordResource, recordSubjects } from '../common/subject';
import {
  ConcludeExperimentDto,
  CreateAnnualGoalDto,
  CreateCkrDto,
  CreateExperimentDto,
  CreateInsightDto,
  CreateInterviewDto,
  CreateOpportunityDto,
  CreateOpportunitySolutionDto,
  CreatePlanningCycleDto,
  CreateProductGoalDto,
  CreateSolutionDto,
  ListCkrsQuery,
  ListExperimentsQuery,
  ListOpportunitiesQuery,
  ListSolutionsQuery,
  PromoteOpportunityDto,
  UpdateAnnualGoalDto,
  UpdateCkrDto,
  UpdateExperimentDto,
  UpdateInsightDto,
  UpdateInterviewDto,
  UpdateKeyResultDto,
  UpdateOpportunityDto,
  UpdatePlanningCycleDto,
  UpdateProductGoalDto,
  UpdateSolutionDto,
} from './strategy.dto';
import type {
  AnnualGoalResponse,
  CkrResponse,
  ExperimentResponse,
  InsightResponse,
  InterviewResponse,
  OpportunityResponse,
  PlanningCycleResponse,
  ProductGoalResponse,
  PromoteOpportunityResponse,
  SolutionResponse,
} from './strategy.responses';
import { DISCOVERY_CONTEXT_FOLLOWED, DiscoveryContextReply, InsightEvidenceReply, SearchStrategyQuery, SearchStrategyReply } from './strategy-search.dto';

/** Get by uuid or key: the same envelope for every strategy record. */
export class GetStrategyRecordRequest extends IdRequest {}
/** Lists without filters beyond paging. */
export class ListStrategyRecordsRequest extends QueryRequest(ListQuery) {}

export class CreateAnnualGoalRequest extends BodyRequest(CreateAnnualGoalDto) {}
export class UpdateAnnualGoalRequest extends IdBodyRequest(UpdateAnnualGoalDto) {}
export class CreateProductGoalRequest extends BodyRequest(CreateProductGoalDto) {}
export class UpdateProductGoalRequest extends IdBodyRequest(UpdateProductGoalDto) {}
export class CreatePlanningCycleRequest extends BodyRequest(CreatePlanningCycleDto) {}
export class UpdatePlanningCycleRequest extends IdBodyRequest(UpdatePlanningCycleDto) {}

export class CreateCkrRequest extends BodyRequest(CreateCkrDto) {}
export class ListCkrsRequest extends QueryRequest(ListCkrsQuery) {}
export class UpdateCkrRequest extends IdBodyRequest(UpdateCkrDto) {}
export class UpdateKeyResultRequest extends IdBodyRequest(UpdateKeyResultDto) {
  @IsRecordRef()
  keyResultId!: string;
}

export class CreateOpportunityRequest extends BodyRequest(CreateOpportunityDto) {
  /**
   * Another context creating it on its own behalf names the source (`intake:<id>`): a retried
   * request (say after a timeout) gets the opportunity the first one created, not a second one.
   */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  sourceRef?: string;
}
export class ListOpportunitiesRequest extends QueryRequest(ListOpportunitiesQuery) {}
export class UpdateOpportunityRequest extends IdBodyRequest(UpdateOpportunityDto) {}
export class PromoteOpportunityRequest extends IdBodyRequest(PromoteOpportunityDto) {}
export class CreateOpportunitySolutionRequest extends IdBodyRequest(CreateOpportunitySolutionDto) {}

export class CreateSolutionRequest extends BodyRequest(CreateSolutionDto) {}
export class ListSolutionsRequest extends QueryRequest(ListSolutionsQuery) {}
export class UpdateSolutionRequest extends IdBodyRequest(UpdateSolutionDto) {}

export class CreateExperimentRequest extends BodyRequest(CreateExperimentDto) {}
export class ListExperimentsRequest extends QueryRequest(ListExperimentsQuery) {}
export class UpdateExperimentRequest extends IdBodyRequest(UpdateExperimentDto) {}
export class ConcludeExperimentRequest extends IdOptionalBodyRequest(ConcludeExperimentDto) {}

export class CreateInterviewRequest extends BodyRequest(CreateInterviewDto) {}
export class UpdateInterviewRequest extends IdBodyRequest(UpdateInterviewDto) {}
export class CreateInsightRequest extends BodyRequest(CreateInsightDto) {}
export class UpdateInsightRequest extends IdBodyRequest(UpdateInsightDto) {}
export class SearchStrategyRequest extends QueryRequest(SearchStrategyQuery) {}
/** Insights by id with the interview each quotes (no transcript): one round trip for a packet's evidence. */
export class InsightEvidenceRequest extends AuthedRequest {
  @IsArray()
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  ids!: string[];
}

/** The goals a record names (uuids; null: none). */
export class GoalIdsDto {
  @IsOptional()
  @IsUUID()
  productGoalId!: string | null;

  @IsOptional()
  @IsUUID()
  annualGoalId!: string | null;
}

/** An OKR the caller already holds: what the discovery context follows from it. */
export class KnownOkrDto extends GoalIdsDto {
  @IsUUID()
  id!: string;
}

/** See DiscoveryContextReply. Ids are uuids, as records name each other; unknown ones are left out. */
export class DiscoveryContextRequest extends AuthedRequest {
  /** OKRs already held, in the packet's order (the first DISCOVERY_CONTEXT_FOLLOWED); not read again. */
  @IsArray()
  @ArrayMaxSize(DISCOVERY_CONTEXT_FOLLOWED)
  @ValidateNested({ each: true })
  @Type(() => KnownOkrDto)
  knownOkrs!: KnownOkrDto[];

  /** OKRs to read, in order; they follow the known ones. */
  @IsIdList(MAX_PAGE_SIZE)
  okrIds!: string[];

  /** Opportunities whose solutions are listed. */
  @IsIdList(DISCOVERY_CONTEXT_FOLLOWED)
  solutionsOf!: string[];

  /**
   * The goals to read. Product goal null or not found: the first OKR's. Annual goal null: the
   * product goal's (the one named here), else the first OKR's.
   */
  @IsObject()
  @ValidateNested()
  @Type(() => GoalIdsDto)
  goals!: GoalIdsDto;

  /** Insights whose evidence (with the interview each quotes) is wanted, in order. */
  @IsIdList(100)
  insightIds!: string[];
}

/**
 * The strategy records' create / list / get / update, in the order of their REST routes (see
 * RecordResource): what the service's record handlers serve and the gateway's record routes call.
 */
export const StrategyRecords = Object.freeze({
  annualGoal: recordResource<AnnualGoalResponse>()('strategy.annual-goal', { create: CreateAnnualGoalRequest, list: ListStrategyRecordsRequest, get: GetStrategyRecordRequest, update: UpdateAnnualGoalRequest }),
  productGoal: recordResource<ProductGoalResponse>()('strategy.product-goal', { create: CreateProductGoalRequest, list: ListStrategyRecordsRequest, get: GetStrategyRecordRequest, update: UpdateProductGoalRequest }),
  planningCycle: recordResource<PlanningCycleResponse>()('strategy.planning-cycle', { create: CreatePlanningCycleRequest, list: ListStrategyRecordsRequest, get: GetStrategyRecordRequest, update: UpdatePlanningCycleRequest }),
  ckr: recordResource<CkrResponse>()('strategy.ckr', { create: CreateCkrRequest, list: ListCkrsRequest, get: GetStrategyRecordRequest, update: UpdateCkrRequest }),
  opportunity: recordResource<OpportunityResponse>()('strategy.opportunity', { create: CreateOpportunityRequest, list: ListOpportunitiesRequest, get: GetStrategyRecordRequest, update: UpdateOpportunityRequest }),
  solution: recordResource<SolutionResponse>()('strategy.solution', { create: CreateSolutionRequest, list: ListSolutionsRequest, get: GetStrategyRecordRequest, update: UpdateSolutionRequest }),
  experiment: recordResource<ExperimentResponse>()('strategy.experiment', { create: CreateExperimentRequest, list: ListExperimentsRequest, get: GetStrategyRecordRequest, update: UpdateExperimentRequest }),
  interview: recordResource<InterviewResponse>()('strategy.interview', { create: CreateInterviewRequest, list: ListStrategyRecordsRequest, get: GetStrategyRecordRequest, update: UpdateInterviewRequest }),
  insight: recordResource<InsightResponse>()('strategy.insight', { create: CreateInsightRequest, list: ListStrategyRecordsRequest, get: GetStrategyRecordRequest, update: UpdateInsightRequest }),
});

/** Subjects of the strategy-discovery service; every message carries the caller's auth. */
export const StrategySubjects = Object.freeze({
  ...recordSubjects(StrategyRecords),
  keyResultUpdate: defineSubject<UpdateKeyResultRequest, CkrResponse>('strategy.ckr.key-result.update'),
  opportunityPromote: defineSubject<PromoteOpportunityRequest, PromoteOpportunityResponse>('strategy.opportunity.promote'),
  opportunitySolutionCreate: defineSubject<CreateOpportunitySolutionRequest, SolutionResponse>('strategy.opportunity.solution.create'),
  experimentConclude: defineSubject<ConcludeExperimentRequest, ExperimentResponse>('strategy.experiment.conclude'),
  /** Title/text search across every strategy record type (MCP `search`). */
  search: defineSubject<SearchStrategyRequest, SearchStrategyReply>('strategy.search'),
  insightEvidence: defineSubject<InsightEvidenceRequest, InsightEvidenceReply>('strategy.insight.evidence'),
  discoveryContext: defineSubject<DiscoveryContextRequest, DiscoveryContextReply>('strategy.discovery.context'),
});
