import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import type { RecordKind } from '../common/record-kinds';
import type { AnnualGoalResponse, CkrResponse, ExperimentResponse, InsightResponse, OpportunityResponse, ProductGoalResponse, SolutionResponse } from './strategy.responses';

// Search and evidence reads for the MCP edge.

/** Strategy and discovery record kinds a search can return (RECORD_KINDS' names). */
export const STRATEGY_SEARCH_TYPES = [
  'ckr',
  'opportunity',
  'solution',
  'experiment',
  'interview',
  'insight',
  'product_goal',
  'annual_goal',
] as const satisfies readonly RecordKind[];
export type StrategySearchType = (typeof STRATEGY_SEARCH_TYPES)[number];

export const MAX_SEARCH_PAGE = 50;

/** One search across the strategy tables; offset paging because hits of several tables are merged. */
export class SearchStrategyQuery {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, 200)
  q: string;

  @IsOptional()
  @IsIn(STRATEGY_SEARCH_TYPES, { each: true })
  types?: StrategySearchType[];

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_SEARCH_PAGE)
  limit: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;
}

export interface SearchHit {
  id: string;
  /** Human key (`OKR-2`), or null for types without one. */
  key: string | null;
  type: StrategySearchType;
  title: string;
  status: string | null;
  /** One line around the match, or the start of the text. */
  snippet: string | null;
  /** Whether the title itself matched (ranks first). */
  titleMatch: boolean;
}

export interface SearchStrategyReply {
  items: SearchHit[];
  /** Every hit of the query, for the `omitted` count. */
  total: number;
}

/** Where an insight's quotes come from: enough to cite, without the transcript. */
export interface InterviewSource {
  id: string;
  title: string;
  participant: string | null;
  conductedAt: string | null;
}

export interface InsightEvidence extends InsightResponse {
  interview: InterviewSource | null;
}

export interface InsightEvidenceReply {
  items: InsightEvidence[];
}

/** OKRs whose experiments a discovery context lists (the first ones; the rest are still shown). */
export const DISCOVERY_CONTEXT_FOLLOWED = 10;

/**
 * Up and across from an MCP packet's focus (DiscoveryGraphRequest), in one round trip: the records
 * the focus names (an OKR's or product goal's opportunities, an annual goal's OKRs, a solution's
 * opportunity, …); the OKRs those opportunities name; the solutions of the first
 * DISCOVERY_CONTEXT_FOLLOWED opportunities (none for a solution in focus); the experiments of the
 * first DISCOVERY_CONTEXT_FOLLOWED OKRs (for any focus but an OKR or annual goal, only those of a
 * solution listed); the product goal (the focus', else the first opportunity's, else the first
 * OKR's); the annual goal (the focus', else the product goal's, else the first OKR's); the insights
 * of the opportunities (an insight in focus first) and one page of their evidence. The focus itself
 * is in none of the lists: the caller holds it and passed its links (DiscoveryFocusDto).
 */
export interface DiscoveryGraphReply {
  ckrs: CkrResponse[];
  opportunities: OpportunityResponse[];
  solutions: SolutionResponse[];
  experiments: ExperimentResponse[];
  productGoal: ProductGoalResponse | null;
  annualGoal: AnnualGoalResponse | null;
  insightIds: string[];
  insights: InsightEvidence[];
}
