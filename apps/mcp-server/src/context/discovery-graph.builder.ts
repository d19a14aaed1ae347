import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, DISCOVERY_CONTEXT_FOLLOWED, DiscoveryWorkItemsPage, ListWorkItemsQuery, MAX_PAGE_SIZE } from '@pds/contracts';
import { RecordReader } from '../records/record.reader';
import { TypedRecord } from '../records/record-reads';
import { RecordType } from '../records/record-type';
import { DiscoveryGraph, ids, mergeRecords } from './discovery-graph';

/** Opportunities of an OKR or goal whose solutions are followed (the rest are still listed). */
const FOLLOWED_OPPORTUNITIES = DISCOVERY_CONTEXT_FOLLOWED;

/** The insights page a packet will show, read along with the graph. */
export interface EvidencePage {
  from: number;
  limit: number;
}

const NO_WORK_ITEMS: DiscoveryWorkItemsPage = { items: [], nextCursor: null, blockedBy: {} };

/**
 * Walks from the focus record up (goals, OKR), across (opportunity, solutions, experiments) and
 * down (work items) through the services' subjects: after what the focus names, one request to
 * the strategy service for everything up and across (and the evidence page) beside one request
 * for the work items and their blockers, rather than a request per record and level.
 */
@Injectable()
export class DiscoveryGraphBuilder {
  constructor(@Inject(RecordReader) private readonly records: RecordReader) {}

  async build(auth: AuthContext, focus: TypedRecord, evidence?: EvidencePage): Promise<DiscoveryGraph> {
    const g: DiscoveryGraph = {
      focus,
      insightIds: [],
      interviewIds: [],
      productGoal: null,
      annualGoal: null,
      okrs: [],
      opportunities: [],
      solutions: [],
      experiments: [],
      workItems: [],
      workItemsBeyond: false,
      blockedBy: {},
    };
    await this.seed(auth, g);
    await this.expand(auth, g, evidence);
    return g;
  }

  /** The records the focus names directly. */
  private async seed(auth: AuthContext, g: DiscoveryGraph): Promise<void> {
    const find = <T extends RecordType>(type: T, id: string | null) => this.records.find(auth, type, id);
    const list = <T extends 'opportunity' | 'okr'>(type: T, query: object) => this.records.list(auth, type, { ...query, limit: MAX_PAGE_SIZE });
    const focus = g.focus;
    switch (focus.type) {
      case 'opportunity':
        g.opportunities.push(focus.record);
        break;
      case 'okr':
        g.okrs.push(focus.record);
        mergeRecords(g.opportunities, (await list('opportunity', { ckrId: focus.record.id })).items);
        break;
      case 'solution':
        g.solutions.push(focus.record);
        mergeRecords(g.opportunities, [await find('opportunity', focus.record.opportunityId)]);
        break;
      case 'experiment': {
        const f = focus.record;
        g.experiments.push(f);
        const [okr, solution] = await Promise.all([find('okr', f.ckrId), find('solution', f.solutionId)]);
        mergeRecords(g.okrs, [okr]);
        mergeRecords(g.solutions, [solution]);
        if (solution) mergeRecords(g.opportunities, [await find('opportunity', solution.opportunityId)]);
        break;
      }
      case 'work_item': {
        const f = focus.record;
        const [opp, okr, solution, experiment] = await Promise.all([
          find('opportunity', f.opportunityId),
          find('okr', f.ckrId),
          find('solution', f.solutionId),
          find('experiment', f.experimentId),
        ]);
        mergeRecords(g.opportunities, [opp]);
        mergeRecords(g.okrs, [okr]);
        mergeRecords(g.solutions, [solution]);
        mergeRecords(g.experiments, [experiment]);
        if (!opp && solution) mergeRecords(g.opportunities, [await find('opportunity', solution.opportunityId)]);
        break;
      }
      case 'insight':
        g.insightIds.push(focus.record.id);
        break;
      case 'interview':
        g.interviewIds.push(focus.record.id);
        break;
      case 'product_goal':
        g.productGoal = focus.record;
        mergeRecords(g.opportunities, (await list('opportunity', { productGoalId: focus.record.id })).items);
        break;
      case 'annual_goal':
        g.annualGoal = focus.record;
        mergeRecords(g.okrs, (await list('okr', { annualGoalId: focus.record.id })).items);
        break;
      case 'sprint':
        break;
      case 'intake': {
        const f = focus.record;
        const [opp, workItem] = await Promise.all([find('opportunity', f.opportunityId), find('work_item', f.workItemId)]);
        mergeRecords(g.opportunities, [opp]);
        mergeRecords(g.workItems, [workItem]);
        break;
      }
    }
  }

  /** Up, across and down from what the focus named. */
  private async expand(auth: AuthContext, g: DiscoveryGraph, evidence: EvidencePage | undefined): Promise<void> {
    const followed = g.opportunities.slice(0, FOLLOWED_OPPORTUNITIES);
    for (const opp of g.opportunities) for (const id of opp.insightIds) if (!g.insightIds.includes(id)) g.insightIds.push(id);

    const knownIds = ids(g.okrs);
    const ckrIds = [...new Set(g.opportunities.map((o) => o.ckrId).filter((id): id is string => id !== null && !knownIds.includes(id)))];
    const evidenceIds = evidence ? g.insightIds.slice(evidence.from, evidence.from + evidence.limit) : [];
    const [context, workItems] = await Promise.all([
      this.records.discoveryContext(auth, {
        knownCkrs: g.okrs.slice(0, FOLLOWED_OPPORTUNITIES).map((okr) => ({ id: okr.id, productGoalId: okr.productGoalId, annualGoalId: okr.annualGoalId })),
        ckrIds,
        solutionsOf: g.focus.type === 'solution' ? [] : ids(followed),
        goals: {
          productGoalId: g.productGoal ? g.productGoal.id : (g.opportunities[0]?.productGoalId ?? null),
          annualGoalId: g.annualGoal ? g.annualGoal.id : null,
        },
        insightIds: evidenceIds,
      }),
      this.workItems(auth, g),
    ]);
    mergeRecords(g.okrs, context.ckrs);
    mergeRecords(g.solutions, context.solutions);
    mergeRecords(g.workItems, workItems.items);
    g.workItemsBeyond = workItems.nextCursor !== null;
    g.blockedBy = workItems.blockedBy;
    g.productGoal = context.productGoal;
    g.annualGoal = context.annualGoal;
    if (evidence) g.evidence = { from: evidence.from, items: context.insights };

    const solutionIds = new Set(ids(g.solutions));
    const okrScoped = g.focus.type === 'okr' || g.focus.type === 'annual_goal';
    mergeRecords(g.experiments, okrScoped ? context.experiments : context.experiments.filter((e) => e.solutionId !== null && solutionIds.has(e.solutionId)));
  }

  /** The delivery of the focus: one filtered list, the most specific filter the focus allows. */
  private workItems(auth: AuthContext, g: DiscoveryGraph): Promise<DiscoveryWorkItemsPage> {
    const { type, record: f } = g.focus;
    const filter: ListWorkItemsQuery | null =
      type === 'opportunity' ? { opportunityId: f.id }
      : type === 'okr' ? { ckrId: f.id }
      : type === 'solution' ? { solutionId: f.id }
      : type === 'experiment' ? { experimentId: f.id }
      : type === 'sprint' ? { sprintId: f.id }
      : type === 'work_item' ? { parentId: f.id }
      : g.opportunities[0] ? { opportunityId: g.opportunities[0].id }
      : null;
    if (!filter) return Promise.resolve(NO_WORK_ITEMS);
    return this.records.discoveryWorkItems(auth, { ...filter, limit: MAX_PAGE_SIZE });
  }
}
