import type {
  AnnualGoalResponse,
  CkrResponse,
  ExperimentResponse,
  InsightEvidence,
  OpportunityResponse,
  ProductGoalResponse,
  SolutionResponse,
  WorkItemResponse,
} from '@pds/contracts';
import type { TypedRecord } from '../records/record-reads';

/** A work item blocking another, as a packet shows it. */
export interface Blocker {
  key: string;
  status: string;
}

/** Everything a discovery packet is cut from, gathered around one focus record. */
export interface DiscoveryGraph {
  focus: TypedRecord;
  insightIds: string[];
  /** Interviews named directly (an interview focus); insights add theirs when shown. */
  interviewIds: string[];
  productGoal: ProductGoalResponse | null;
  annualGoal: AnnualGoalResponse | null;
  okrs: CkrResponse[];
  opportunities: OpportunityResponse[];
  solutions: SolutionResponse[];
  experiments: ExperimentResponse[];
  workItems: WorkItemResponse[];
  /** More work items exist than were fetched. */
  workItemsBeyond: boolean;
  /** What blocks each blocked work item of `workItems`, read with them. */
  blockedBy: Record<string, readonly Blocker[]>;
  /** Evidence of the insights page the packet shows, read with the graph (in `insightIds` order). */
  evidence?: { from: number; items: InsightEvidence[] };
}

export function ids(records: readonly { id: string }[]): string[] {
  return records.map((r) => r.id);
}

/** Appends records not yet present (by id), keeping first-seen order. */
export function mergeRecords<R extends { id: string }>(into: R[], more: readonly (R | null | undefined)[]): void {
  const seen = new Set(ids(into));
  for (const record of more) {
    if (record && !seen.has(record.id)) {
      seen.add(record.id);
      into.push(record);
    }
  }
}
