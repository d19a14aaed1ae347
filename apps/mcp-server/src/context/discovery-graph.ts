import type { InsightEvidence } from '@pds/contracts';
import type { AnyRecord } from '../records/record.reader';
import type { RecordType } from '../records/record-type';

/** Everything a discovery packet is cut from, gathered around one focus record. */
export interface DiscoveryGraph {
  focus: { type: RecordType; record: AnyRecord };
  insightIds: string[];
  /** Interviews named directly (an interview focus); insights add theirs when shown. */
  interviewIds: string[];
  productGoal: AnyRecord | null;
  annualGoal: AnyRecord | null;
  okrs: AnyRecord[];
  opportunities: AnyRecord[];
  solutions: AnyRecord[];
  experiments: AnyRecord[];
  workItems: AnyRecord[];
  /** More work items exist than were fetched. */
  workItemsBeyond: boolean;
  /** Evidence of the insights page the packet shows, read with the graph (in `insightIds` order). */
  evidence?: { from: number; items: InsightEvidence[] };
}

export function ids(records: readonly AnyRecord[]): string[] {
  return records.map((r) => r.id);
}

/** Appends records not yet present (by id), keeping first-seen order. */
export function mergeRecords(into: AnyRecord[], more: readonly (AnyRecord | null | undefined)[]): void {
  const seen = new Set(ids(into));
  for (const record of more) {
    if (record && !seen.has(record.id)) {
      seen.add(record.id);
      into.push(record);
    }
  }
}

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
