import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, DiscoveryFocusDto, DiscoveryGraphReply, DiscoveryWorkItemsPage, ListWorkItemsQuery, MAX_PAGE_SIZE, NotFoundError, WorkItemResponse } from '@pds/contracts';
import { RecordSearchService, SEARCHABLE_TYPES } from '../records/record-search.service';
import { WorkItemLinksReader } from '../records/work-item-links.reader';
import { RecordReader } from '../records/record.reader';
import { TypedRecord } from '../records/record-reads';
import { RecordType } from '../records/record-type';
import { Blocker, DiscoveryGraph, mergeRecords } from './discovery-graph';

/** The insights page a packet will show, read along with the graph. */
export interface EvidencePage {
  from: number;
  limit: number;
}

const NO_WORK_ITEMS: DiscoveryWorkItemsPage = { items: [], nextCursor: null, blockedBy: {} };


/**
 * The focus as the strategy service starts from it: its id and the ids it links to, from the record
 * held here, so that the service does not read it again.
 */
function focusOf({ type, record }: TypedRecord): DiscoveryFocusDto {
  const focus: DiscoveryFocusDto = { kind: type, id: record.id };
  switch (type) {
    case 'work_item':
      return { ...focus, opportunityId: record.opportunityId, ckrId: record.ckrId, solutionId: record.solutionId, experimentId: record.experimentId };
    case 'intake':
    case 'solution':
      return { ...focus, opportunityId: record.opportunityId };
    case 'opportunity':
      return { ...focus, insightIds: record.insightIds, ckrId: record.ckrId, productGoalId: record.productGoalId };
    case 'ckr':
      return { ...focus, annualGoalId: record.annualGoalId, productGoalId: record.productGoalId };
    case 'experiment':
      return { ...focus, ckrId: record.ckrId, solutionId: record.solutionId };
    default:
      return focus;
  }
}

/** The work-item filter naming a focus of these types; the other types take their first opportunity's. */
const FILTER_OF: Partial<Record<RecordType, 'opportunityId' | 'ckrId' | 'solutionId' | 'experimentId' | 'sprintId' | 'parentId'>> = {
  opportunity: 'opportunityId',
  ckr: 'ckrId',
  solution: 'solutionId',
  experiment: 'experimentId',
  sprint: 'sprintId',
  work_item: 'parentId',
};

function workItemFilter({ type, record }: TypedRecord): ListWorkItemsQuery | null {
  const field = FILTER_OF[type];
  return field ? { [field]: record.id } : null;
}

/**
 * Gathers what a packet is cut from: up (goals, OKRs), across (opportunities, solutions,
 * experiments) and the evidence page in one request to the strategy service, which walks from the
 * focus; down, the work items with their blockers in one request to delivery-intake — beside it
 * when the focus names the filter, after it when they are those of the first opportunity.
 */
@Injectable()
export class DiscoveryGraphBuilder {
  constructor(
    @Inject(RecordReader) private readonly records: RecordReader,
    @Inject(RecordSearchService) private readonly search: RecordSearchService,
    @Inject(WorkItemLinksReader) private readonly links: WorkItemLinksReader,
  ) {}

  /** The graph around `ref`, else around the best search hit of `query`. */
  async build(auth: AuthContext, focus: { ref?: string; query?: string }, evidence?: EvidencePage): Promise<DiscoveryGraph> {
    if (focus.ref) return this.around(auth, await this.records.locate(auth, focus.ref), evidence);
    const query = focus.query ?? '';
    const hits = await this.search.search(auth, query, SEARCHABLE_TYPES, 1);
    const best = hits.items[0];
    if (!best) throw new NotFoundError('Record matching', JSON.stringify(query));
    return this.around(auth, await this.records.locate(auth, 'key' in best ? best.key : best.id), evidence);
  }

  /**
   * The focus is read first (by its own subject for a key): the work items it names are then listed
   * beside the strategy graph, not after it, which keeps the packet's latency at two round trips
   * before the artifacts.
   */
  private async around(auth: AuthContext, focus: TypedRecord, evidence: EvidencePage | undefined): Promise<DiscoveryGraph> {
    const filter = workItemFilter(focus);
    const [strategy, filtered, named] = await Promise.all([
      this.records.discoveryGraph(auth, { focus: focusOf(focus), ...(evidence ? { evidence } : {}) }),
      filter ? this.workItems(auth, filter) : Promise.resolve(null),
      focus.type === 'intake' ? this.named(auth, focus.record.workItemId) : Promise.resolve(null),
    ]);
    return this.graphOf(focus, strategy, filtered ?? (await this.ofFirstOpportunity(auth, strategy)), named, evidence);
  }

  /** The work item an intake names, with what blocks it when it is blocked (it is not in a list page). */
  private async named(auth: AuthContext, id: string | null): Promise<{ item: WorkItemResponse; blockedBy: Blocker[] } | null> {
    const item = await this.records.find(auth, 'work_item', id);
    if (!item) return null;
    const blockedBy = item.isBlocked ? (await this.links.relations(auth, item.id)).blockedBy.map((b) => ({ key: b.key, status: b.status })) : [];
    return { item, blockedBy };
  }

  private ofFirstOpportunity(auth: AuthContext, strategy: DiscoveryGraphReply): Promise<DiscoveryWorkItemsPage> {
    const first = strategy.opportunities[0];
    return first ? this.workItems(auth, { opportunityId: first.id }) : Promise.resolve(NO_WORK_ITEMS);
  }

  private graphOf(
    focus: TypedRecord,
    strategy: DiscoveryGraphReply,
    workItems: DiscoveryWorkItemsPage,
    named: { item: WorkItemResponse; blockedBy: Blocker[] } | null,
    evidence: EvidencePage | undefined,
  ): DiscoveryGraph {
    const shown: WorkItemResponse[] = [];
    mergeRecords(shown, [named?.item, ...workItems.items]);
    return {
      focus,
      insightIds: strategy.insightIds,
      interviewIds: focus.type === 'interview' ? [focus.record.id] : [],
      productGoal: strategy.productGoal,
      annualGoal: strategy.annualGoal,
      // The strategy graph leaves the focus out (it is held here): it comes first in its list.
      okrs: focus.type === 'ckr' ? [focus.record, ...strategy.ckrs] : strategy.ckrs,
      opportunities: focus.type === 'opportunity' ? [focus.record, ...strategy.opportunities] : strategy.opportunities,
      solutions: focus.type === 'solution' ? [focus.record, ...strategy.solutions] : strategy.solutions,
      experiments: focus.type === 'experiment' ? [focus.record, ...strategy.experiments] : strategy.experiments,
      workItems: shown,
      workItemsBeyond: workItems.nextCursor !== null,
      blockedBy: named ? { [named.item.id]: named.blockedBy, ...workItems.blockedBy } : workItems.blockedBy,
      ...(evidence ? { evidence: { from: evidence.from, items: strategy.insights } } : {}),
    };
  }

  private workItems(auth: AuthContext, filter: ListWorkItemsQuery): Promise<DiscoveryWorkItemsPage> {
    return this.records.discoveryWorkItems(auth, { ...filter, limit: MAX_PAGE_SIZE });
  }
}
