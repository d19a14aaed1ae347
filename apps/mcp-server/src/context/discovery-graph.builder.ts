import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, DiscoveryFocusDto, DiscoveryWorkItemsPage, ListWorkItemsQuery, MAX_PAGE_SIZE, WorkItemResponse } from '@pds/contracts';
import { RecordReader } from '../records/record.reader';
import { TypedRecord } from '../records/record-reads';
import { kindOfType } from '../records/record-type';
import { DiscoveryGraph, mergeRecords } from './discovery-graph';

/** The insights page a packet will show, read along with the graph. */
export interface EvidencePage {
  from: number;
  limit: number;
}

const NO_WORK_ITEMS: DiscoveryWorkItemsPage = { items: [], nextCursor: null, blockedBy: {} };

/** The focus as the strategy service starts from it: a delivery record passes the strategy records it names. */
function focusOf({ type, record }: TypedRecord): DiscoveryFocusDto {
  const focus: DiscoveryFocusDto = { kind: kindOfType(type), id: record.id };
  if (type === 'work_item') return { ...focus, opportunityId: record.opportunityId, ckrId: record.ckrId, solutionId: record.solutionId, experimentId: record.experimentId };
  if (type === 'intake') return { ...focus, opportunityId: record.opportunityId };
  return focus;
}

/** The work items below a focus that names them itself; the others take its first opportunity's. */
function workItemFilter({ type, record }: TypedRecord): ListWorkItemsQuery | null {
  switch (type) {
    case 'opportunity':
      return { opportunityId: record.id };
    case 'okr':
      return { ckrId: record.id };
    case 'solution':
      return { solutionId: record.id };
    case 'experiment':
      return { experimentId: record.id };
    case 'sprint':
      return { sprintId: record.id };
    case 'work_item':
      return { parentId: record.id };
    default:
      return null;
  }
}

/**
 * Gathers what a packet is cut from: up (goals, OKRs), across (opportunities, solutions,
 * experiments) and the evidence page in one request to the strategy service, which walks from the
 * focus; down, the work items with their blockers in one request to delivery-intake — beside it
 * when the focus names the filter, after it when the work items are those of the first opportunity.
 */
@Injectable()
export class DiscoveryGraphBuilder {
  constructor(@Inject(RecordReader) private readonly records: RecordReader) {}

  async build(auth: AuthContext, focus: TypedRecord, evidence?: EvidencePage): Promise<DiscoveryGraph> {
    const filter = workItemFilter(focus);
    const [strategy, filtered, named] = await Promise.all([
      this.records.discoveryGraph(auth, { focus: focusOf(focus), ...(evidence ? { evidence } : {}) }),
      filter ? this.workItems(auth, filter) : Promise.resolve(null),
      focus.type === 'intake' ? this.records.find(auth, 'work_item', focus.record.workItemId) : Promise.resolve(null),
    ]);
    const first = strategy.opportunities[0];
    const workItems = filtered ?? (first ? await this.workItems(auth, { opportunityId: first.id }) : NO_WORK_ITEMS);
    const shown: WorkItemResponse[] = [];
    mergeRecords(shown, [named, ...workItems.items]);
    return {
      focus,
      insightIds: strategy.insightIds,
      interviewIds: focus.type === 'interview' ? [focus.record.id] : [],
      productGoal: strategy.productGoal,
      annualGoal: strategy.annualGoal,
      okrs: strategy.ckrs,
      opportunities: strategy.opportunities,
      solutions: strategy.solutions,
      experiments: strategy.experiments,
      workItems: shown,
      workItemsBeyond: workItems.nextCursor !== null,
      blockedBy: workItems.blockedBy,
      ...(evidence ? { evidence: { from: evidence.from, items: strategy.insights } } : {}),
    };
  }

  private workItems(auth: AuthContext, filter: ListWorkItemsQuery): Promise<DiscoveryWorkItemsPage> {
    return this.records.discoveryWorkItems(auth, { ...filter, limit: MAX_PAGE_SIZE });
  }
}
