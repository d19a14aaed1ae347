import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import type { RecordKind } from '../common/record-kinds';
import { ArchiveRecordRequest } from '../common/archive';
import { AuthedRequest, BodyRequest, IdBodyRequest, IdOptionalBodyRequest, IdRequest, IsRecordRef, Located, QueryRequest } from '../common/requests';
import { defineSubject, recordResource, recordSubjects } from '../common/subject';
import { DeleteRecordRequest, DeletedRecordResponse } from '../common/trash';
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
  ArchivableRecordListQuery,
  RecordListQuery,
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
import { DiscoveryGraphReply, InsightEvidenceReply, STRATEGY_SEARCH_TYPES, SearchStrategyQuery, SearchStrategyReply } from './strategy-search.dto';

/** Get by uuid or key: the same envelope for every strategy record. */
export class GetStrategyRecordRequest extends IdRequest {}
/** Lists without filters beyond paging. */
export class ListStrategyRecordsRequest extends QueryRequest(RecordListQuery) {}
/** Lists of the kinds that can be archived: paging, `sort` and `archived`. */
export class ListArchivableStrategyRecordsRequest extends QueryRequest(ArchivableRecordListQuery) {}

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

/** Record kinds a discovery graph may start from: the strategy ones, and the delivery records that name them. */
export const DISCOVERY_FOCUS_KINDS = [...STRATEGY_SEARCH_TYPES, 'work_item', 'sprint', 'intake'] as const satisfies readonly RecordKind[];
export type DiscoveryFocusKind = (typeof DISCOVERY_FOCUS_KINDS)[number];

/**
 * The record a packet is about, as its links: the caller holds the record (it read it to know its
 * kind and uuid), so it passes the ids the walk follows from it and the strategy service does not
 * read it again. The fields are those of the focus' own record: `opportunityId`, `ckrId`,
 * `solutionId`, `experimentId` of a work item; `opportunityId` of an intake or a solution;
 * `insightIds`, `ckrId`, `productGoalId` of an opportunity; `annualGoalId`, `productGoalId` of an
 * OKR; `ckrId`, `solutionId` of an experiment. Other kinds need their id only.
 */
export class DiscoveryFocusDto {
  @IsIn(DISCOVERY_FOCUS_KINDS)
  kind!: DiscoveryFocusKind;

  @IsUUID()
  id!: string;

  @IsOptional()
  @IsUUID()
  opportunityId?: string | null;

  @IsOptional()
  @IsUUID()
  ckrId?: string | null;

  @IsOptional()
  @IsUUID()
  solutionId?: string | null;

  @IsOptional()
  @IsUUID()
  experimentId?: string | null;

  @IsOptional()
  @IsUUID()
  productGoalId?: string | null;

  @IsOptional()
  @IsUUID()
  annualGoalId?: string | null;

  /** No cap of its own: it is the list the held record has, whatever its length. */
  @IsOptional()
  @IsArray()
  @IsUUID('all', { each: true })
  insightIds?: string[];
}

/** A page of the graph's insights: `[from, from + limit)` of `insightIds`. */
export class InsightPageDto {
  @IsInt()
  @Min(0)
  from!: number;

  @IsInt()
  @Min(1)
  @Max(100)
  limit!: number;
}

/** See DiscoveryGraphReply. Records that are not there (or not the caller's organization's) are left out. */
export class DiscoveryGraphRequest extends AuthedRequest {
  @IsObject()
  @ValidateNested()
  @Type(() => DiscoveryFocusDto)
  focus!: DiscoveryFocusDto;

  /** The insights whose evidence (with the interview each quotes) is wanted; absent: none. */
  @IsOptional()
  @ValidateNested()
  @Type(() => InsightPageDto)
  evidence?: InsightPageDto;
}

/** A strategy record found by its uuid, with its kind (RECORD_KINDS' names); null: none of the organization's. */
export type LocatedStrategyRecord =
  | Located<'ckr', CkrResponse>
  | Located<'opportunity', OpportunityResponse>
  | Located<'solution', SolutionResponse>
  | Located<'experiment', ExperimentResponse>
  | Located<'interview', InterviewResponse>
  | Located<'insight', InsightResponse>
  | Located<'product_goal', ProductGoalResponse>
  | Located<'annual_goal', AnnualGoalResponse>;

/**
 * The strategy records' create / list / get / update (and archive / unarchive of the kinds that
 * can be archived), in the order of their REST routes (see RecordResource): what the service's record handlers serve and the gateway's record routes call.
 */
export const StrategyRecords = Object.freeze({
  annualGoal: recordResource<AnnualGoalResponse>()('strategy.annual-goal', { create: CreateAnnualGoalRequest, list: ListArchivableStrategyRecordsRequest, get: GetStrategyRecordRequest, update: UpdateAnnualGoalRequest, archive: ArchiveRecordRequest, unarchive: ArchiveRecordRequest }),
  productGoal: recordResource<ProductGoalResponse>()('strategy.product-goal', { create: CreateProductGoalRequest, list: ListArchivableStrategyRecordsRequest, get: GetStrategyRecordRequest, update: UpdateProductGoalRequest, archive: ArchiveRecordRequest, unarchive: ArchiveRecordRequest }),
  planningCycle: recordResource<PlanningCycleResponse>()('strategy.planning-cycle', { create: CreatePlanningCycleRequest, list: ListStrategyRecordsRequest, get: GetStrategyRecordRequest, update: UpdatePlanningCycleRequest }),
  ckr: recordResource<CkrResponse>()('strategy.ckr', { create: CreateCkrRequest, list: ListCkrsRequest, get: GetStrategyRecordRequest, update: UpdateCkrRequest }),
  opportunity: recordResource<OpportunityResponse>()('strategy.opportunity', { create: CreateOpportunityRequest, list: ListOpportunitiesRequest, get: GetStrategyRecordRequest, update: UpdateOpportunityRequest, archive: ArchiveRecordRequest, unarchive: ArchiveRecordRequest }),
  solution: recordResource<SolutionResponse>()('strategy.solution', { create: CreateSolutionRequest, list: ListSolutionsRequest, get: GetStrategyRecordRequest, update: UpdateSolutionRequest, archive: ArchiveRecordRequest, unarchive: ArchiveRecordRequest }),
  experiment: recordResource<ExperimentResponse>()('strategy.experiment', { create: CreateExperimentRequest, list: ListExperimentsRequest, get: GetStrategyRecordRequest, update: UpdateExperimentRequest, archive: ArchiveRecordRequest, unarchive: ArchiveRecordRequest }),
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
  /** The strategy records around an MCP packet's focus, in one request: DiscoveryGraphReply. */
  discoveryGraph: defineSubject<DiscoveryGraphRequest, DiscoveryGraphReply>('strategy.discovery.graph'),
  /** DELETE of any strategy record: it goes to the trash. */
  recordDelete: defineSubject<DeleteRecordRequest, DeletedRecordResponse>('strategy.record.delete'),
});
