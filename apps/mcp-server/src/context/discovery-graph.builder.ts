import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, DiscoveryFocusDto, DiscoveryGraphReply, DiscoveryWorkItemsPage, ListWorkItemsQuery, MAX_PAGE_SIZE, NotFoundError, WorkItemResponse } from '@pds/contracts';
import { RecordReader } from '../records/record.reader';
import { TypedRecord } from '../records/record-reads';
import { RecordType, kindOfType, typeOfKind } from '../records/record-type';
import { DiscoveryGraph, mergeRecords } from './discovery-graph';

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
export type PacketStart = TypedRecord | { type: RecordType; key: string; ref: string };

/** How a ref starts a packet: a strategy key as it is, anything else read first by `locate`. */
export function startsWithGraph(type: RecordType, ref: string, isKey: boolean): PacketStart | null {
  return isKey && STRATEGY_TYPES.has(type) ? { type, key: ref.trim(), ref } : null;
}

/** The focus as the strategy service starts from it: a delivery record passes the strategy records it names. */
function focusOf({ type, record }: TypedRecord): DiscoveryFocusDto {
  const focus: DiscoveryFocusDto = { kind: kindOfType(type), ref: record.id };
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
 * focus (and reads a strategy focus named by key itself); down, the work items with their blockers
 * in one request to delivery-intake — beside it when the focus is read already and names the
 * filter, after it otherwise.
 */
@Injectable()
export class DiscoveryGraphBuilder {
  constructor(@Inject(RecordReader) private readonly records: RecordReader) {}

  async build(auth: AuthContext, start: PacketStart, evidence?: EvidencePage): Promise<DiscoveryGraph> {
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
      focus.type === 'intake' ? this.records.find(auth, 'work_item', focus.record.workItemId) : Promise.resolve(null),
    ]);
    return this.graphOf(focus, strategy, filtered ?? (await this.ofFirstOpportunity(auth, strategy)), named, evidence);
  }

  private ofFirstOpportunity(auth: AuthContext, strategy: DiscoveryGraphReply): Promise<DiscoveryWorkItemsPage> {
    const first = strategy.opportunities[0];
    return first ? this.workItems(auth, { opportunityId: first.id }) : Promise.resolve(NO_WORK_ITEMS);
  }

  private graphOf(
    focus: TypedRecord,
    strategy: DiscoveryGraphReply,
    workItems: DiscoveryWorkItemsPage,
    named: WorkItemResponse | null,
    evidence: EvidencePage | undefined,
  ): DiscoveryGraph {
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
