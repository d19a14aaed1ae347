import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import type { RecordKind } from '../common/record-kinds';
import type { AnnualGoalResponse, CkrResponse, ExperimentResponse, InsightResponse, ProductGoalResponse, SolutionResponse } from './strategy.responses';

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
 * Up and across from what a packet's focus names, as the MCP server's graph walk reads it, in one
 * round trip (see DiscoveryContextRequest): the OKRs read, the solutions of the followed
 * opportunities, the experiments of the first DISCOVERY_CONTEXT_FOLLOWED OKRs (known ones first),
 * the product goal (else the first OKR's), the annual goal (else the product goal's, else the
 * first OKR's) and one page of insight evidence.
 */
export interface DiscoveryContextReply {
  ckrs: CkrResponse[];
  solutions: SolutionResponse[];
  experiments: ExperimentResponse[];
  productGoal: ProductGoalResponse | null;
  annualGoal: AnnualGoalResponse | null;
  insights: InsightEvidence[];
}
