import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, DiscoveryFocusDto, DiscoveryGraphReply, DiscoveryWorkItemsPage, ListWorkItemsQuery, MAX_PAGE_SIZE, NotFoundError, WorkItemResponse, isUuid } from '@pds/contracts';
import { RecordSearchService, SEARCHABLE_TYPES } from '../records/record-search.service';
import { WorkItemLinksReader } from '../records/work-item-links.reader';
import { RecordReader } from '../records/record.reader';
import { TypedRecord } from '../records/record-reads';
import { RecordType, kindOfType, typeOfKind, typesOfRef } from '../records/record-type';
import { Blocker, DiscoveryGraph, mergeRecords } from './discovery-graph';

/** The insights page a packet will show, read along with the graph. */
export interface EvidencePage {
  from: number;
  limit: number;
}

const NO_WORK_ITEMS: DiscoveryWorkItemsPage = { items: [], nextCursor: null, blockedBy: {} };

/** Record types of the strategy service: the graph request reads such a focus itself. */
const STRATEGY_TYPES: ReadonlySet<RecordType> = new Set(['okr', 'opportunity', 'solution', 'experiment', 'interview', 'insight', 'product_goal', 'annual_goal']);

/**
 * Where a packet starts: a record already read, or the key of a strategy record, which the graph
 * request reads itself (`ref` is the agent's, for the 404) instead of a request of its own first.
 */
type PacketStart = TypedRecord | { type: RecordType; key: string; ref: string };


/** The focus as the strategy service starts from it: a delivery record passes the strategy records it names. */
function focusOf({ type, record }: TypedRecord): DiscoveryFocusDto {
  const focus: DiscoveryFocusDto = { kind: kindOfType(type), ref: record.id };
  if (type === 'work_item') return { ...focus, opportunityId: record.opportunityId, ckrId: record.ckrId, solutionId: record.solutionId, experimentId: record.experimentId };
  if (type === 'intake') return { ...focus, opportunityId: record.opportunityId };
  return focus;
}

/** The work-item filter naming a focus of these types; the other types take their first opportunity's. */
const FILTER_OF: Partial<Record<RecordType, 'opportunityId' | 'ckrId' | 'solutionId' | 'experimentId' | 'sprintId' | 'parentId'>> = {
  opportunity: 'opportunityId',
  okr: 'ckrId',
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
 * focus (and reads a strategy focus named by key itself); down, the work items with their blockers
 * in one request to delivery-intake — beside it when the focus is read already and names the
 * filter, after it otherwise.
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
    if (focus.ref) return this.from(auth, await this.start(auth, focus.ref), evidence);
    const query = focus.query ?? '';
    const hits = await this.search.search(auth, query, SEARCHABLE_TYPES, 1, { s: 0, w: null });
    const best = hits.items[0];
    if (!best) throw new NotFoundError('Record matching', JSON.stringify(query));
    return this.from(auth, await this.start(auth, best.ref), evidence);
  }

  /** A strategy key starts the graph request as it is; anything else is read first (`locate`). */
  private async start(auth: AuthContext, ref: string): Promise<PacketStart> {
    const [type] = typesOfRef(ref);
    if (!isUuid(ref.trim()) && STRATEGY_TYPES.has(type)) return { type, key: ref.trim(), ref };
    return this.records.locate(auth, ref);
  }

  private async from(auth: AuthContext, start: PacketStart, evidence: EvidencePage | undefined): Promise<DiscoveryGraph> {
    const withEvidence = evidence ? { evidence } : {};
    if (!('record' in start)) {
      const strategy = await this.records.discoveryGraph(auth, { focus: { kind: kindOfType(start.type), ref: start.key }, ...withEvidence });
      if (!strategy.focus) throw new NotFoundError('Record', start.ref);
      // The reply's kind is the one asked for; the pair is a record of that type.
      const focus = { type: typeOfKind(strategy.focus.kind), record: strategy.focus.record } as TypedRecord;
      const filter = workItemFilter(focus);
      return this.graphOf(focus, strategy, filter ? await this.workItems(auth, filter) : await this.ofFirstOpportunity(auth, strategy), null, evidence);
    }
    const focus = start;
    const filter = workItemFilter(focus);
    const [strategy, filtered, named] = await Promise.all([
      this.records.discoveryGraph(auth, { focus: focusOf(focus), ...withEvidence }),
      filter ? this.workItems(auth, filter) : Promise.resolve(null),
      focus.type === 'intake' ? this.named(auth, focus.record.workItemId) : Promise.resolve(null),
    ]);
    return this.graphOf(focus, strategy, filtered ?? (await this.ofFirstOpportunity(auth, strategy)), named, evidence);
  }

  /** The work item an intake names, with what blocks it when it is blocked (it is not in a list page). */
  private async named(auth: AuthContext, id: string | null): Promise<{ item: WorkItemResponse; blockedBy: Blocker[] } | null> {
    const item = await this.records.find(auth, 'work_item', id);
    if (!item) return null;
    const blockedBy = item.isBlocked ? (await this.links.relations(auth, item.id)).blockedBy.map((b) => ({ key: b.ref, status: b.status })) : [];
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
      okrs: strategy.ckrs,
      opportunities: strategy.opportunities,
      solutions: strategy.solutions,
      experiments: strategy.experiments,
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
