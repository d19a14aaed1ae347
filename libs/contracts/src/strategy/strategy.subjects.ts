import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { ListQuery, MAX_PAGE_SIZE, Page } from '../common/pagination';
import { IsIdList } from '../common/decorators';
import { AuthedRequest, BodyRequest, IdBodyRequest, IdOptionalBodyRequest, IdRequest, QueryRequest } from '../common/requests';
import { defineSubject } from '../common/subject';
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
export class UpdateKeyResultRequest extends IdRequest {
  @IsString()
  @MaxLength(200)
  keyResultId!: string;

  @IsObject()
  @ValidateNested()
  @Type(() => UpdateKeyResultDto)
  body!: UpdateKeyResultDto;
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

/** Subjects of the strategy-discovery service; every message carries the caller's auth. */
export const StrategySubjects = Object.freeze({
  annualGoalCreate: defineSubject<CreateAnnualGoalRequest, AnnualGoalResponse>('strategy.annual-goal.create'),
  annualGoalList: defineSubject<ListStrategyRecordsRequest, Page<AnnualGoalResponse>>('strategy.annual-goal.list'),
  annualGoalGet: defineSubject<GetStrategyRecordRequest, AnnualGoalResponse>('strategy.annual-goal.get'),
  annualGoalUpdate: defineSubject<UpdateAnnualGoalRequest, AnnualGoalResponse>('strategy.annual-goal.update'),
  productGoalCreate: defineSubject<CreateProductGoalRequest, ProductGoalResponse>('strategy.product-goal.create'),
  productGoalList: defineSubject<ListStrategyRecordsRequest, Page<ProductGoalResponse>>('strategy.product-goal.list'),
  productGoalGet: defineSubject<GetStrategyRecordRequest, ProductGoalResponse>('strategy.product-goal.get'),
  productGoalUpdate: defineSubject<UpdateProductGoalRequest, ProductGoalResponse>('strategy.product-goal.update'),
  planningCycleCreate: defineSubject<CreatePlanningCycleRequest, PlanningCycleResponse>('strategy.planning-cycle.create'),
  planningCycleList: defineSubject<ListStrategyRecordsRequest, Page<PlanningCycleResponse>>('strategy.planning-cycle.list'),
  planningCycleGet: defineSubject<GetStrategyRecordRequest, PlanningCycleResponse>('strategy.planning-cycle.get'),
  planningCycleUpdate: defineSubject<UpdatePlanningCycleRequest, PlanningCycleResponse>('strategy.planning-cycle.update'),
  ckrCreate: defineSubject<CreateCkrRequest, CkrResponse>('strategy.ckr.create'),
  ckrList: defineSubject<ListCkrsRequest, Page<CkrResponse>>('strategy.ckr.list'),
  ckrGet: defineSubject<GetStrategyRecordRequest, CkrResponse>('strategy.ckr.get'),
  ckrUpdate: defineSubject<UpdateCkrRequest, CkrResponse>('strategy.ckr.update'),
  keyResultUpdate: defineSubject<UpdateKeyResultRequest, CkrResponse>('strategy.ckr.key-result.update'),
  opportunityCreate: defineSubject<CreateOpportunityRequest, OpportunityResponse>('strategy.opportunity.create'),
  opportunityList: defineSubject<ListOpportunitiesRequest, Page<OpportunityResponse>>('strategy.opportunity.list'),
  opportunityGet: defineSubject<GetStrategyRecordRequest, OpportunityResponse>('strategy.opportunity.get'),
  opportunityUpdate: defineSubject<UpdateOpportunityRequest, OpportunityResponse>('strategy.opportunity.update'),
  opportunityPromote: defineSubject<PromoteOpportunityRequest, PromoteOpportunityResponse>('strategy.opportunity.promote'),
  opportunitySolutionCreate: defineSubject<CreateOpportunitySolutionRequest, SolutionResponse>('strategy.opportunity.solution.create'),
  solutionCreate: defineSubject<CreateSolutionRequest, SolutionResponse>('strategy.solution.create'),
  solutionList: defineSubject<ListSolutionsRequest, Page<SolutionResponse>>('strategy.solution.list'),
  solutionGet: defineSubject<GetStrategyRecordRequest, SolutionResponse>('strategy.solution.get'),
  solutionUpdate: defineSubject<UpdateSolutionRequest, SolutionResponse>('strategy.solution.update'),
  experimentCreate: defineSubject<CreateExperimentRequest, ExperimentResponse>('strategy.experiment.create'),
  experimentList: defineSubject<ListExperimentsRequest, Page<ExperimentResponse>>('strategy.experiment.list'),
  experimentGet: defineSubject<GetStrategyRecordRequest, ExperimentResponse>('strategy.experiment.get'),
  experimentUpdate: defineSubject<UpdateExperimentRequest, ExperimentResponse>('strategy.experiment.update'),
  experimentConclude: defineSubject<ConcludeExperimentRequest, ExperimentResponse>('strategy.experiment.conclude'),
  interviewCreate: defineSubject<CreateInterviewRequest, InterviewResponse>('strategy.interview.create'),
  interviewList: defineSubject<ListStrategyRecordsRequest, Page<InterviewResponse>>('strategy.interview.list'),
  interviewGet: defineSubject<GetStrategyRecordRequest, InterviewResponse>('strategy.interview.get'),
  interviewUpdate: defineSubject<UpdateInterviewRequest, InterviewResponse>('strategy.interview.update'),
  insightCreate: defineSubject<CreateInsightRequest, InsightResponse>('strategy.insight.create'),
  insightList: defineSubject<ListStrategyRecordsRequest, Page<InsightResponse>>('strategy.insight.list'),
  insightGet: defineSubject<GetStrategyRecordRequest, InsightResponse>('strategy.insight.get'),
  insightUpdate: defineSubject<UpdateInsightRequest, InsightResponse>('strategy.insight.update'),
  /** Title/text search across every strategy record type (MCP `search`). */
  search: defineSubject<SearchStrategyRequest, SearchStrategyReply>('strategy.search'),
  insightEvidence: defineSubject<InsightEvidenceRequest, InsightEvidenceReply>('strategy.insight.evidence'),
  discoveryContext: defineSubject<DiscoveryContextRequest, DiscoveryContextReply>('strategy.discovery.context'),
});
