import { IsIn, IsOptional } from 'class-validator';
import { RankedHit, RankedSearchQuery, RankedSearchReply } from '../common/search';
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

/** One ranked search across the strategy tables (RankedSearchQuery), of these kinds (default all). */
export class SearchStrategyQuery extends RankedSearchQuery {
  @IsOptional()
  @IsIn(STRATEGY_SEARCH_TYPES, { each: true })
  types?: StrategySearchType[];
}

export type SearchHit = RankedHit<StrategySearchType>;
export type SearchStrategyReply = RankedSearchReply<StrategySearchType>;

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
