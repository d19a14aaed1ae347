import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, DISCOVERY_CONTEXT_FOLLOWED, MAX_PAGE_SIZE } from '@pds/contracts';
import { AnyRecord, RecordReader } from '../records/record.reader';
import { RecordType } from '../records/record-type';
import { DiscoveryGraph, ids, mergeRecords, str } from './discovery-graph';

/** Opportunities of an OKR or goal whose solutions are followed (the rest are still listed). */
const FOLLOWED_OPPORTUNITIES = DISCOVERY_CONTEXT_FOLLOWED;

/** The insights page a packet will show, read along with the graph. */
export interface EvidencePage {
  from: number;
  limit: number;
}

/**
 * Walks from the focus record up (goals, OKR), across (opportunity, solutions, experiments) and
 * down (work items) through the services' subjects: after what the focus names, one request to
 * the strategy service for everything up and across (and the evidence page) beside one work-item
 * list, rather than a request per record and level.
 */
@Injectable()
export class DiscoveryGraphBuilder {
  constructor(@Inject(RecordReader) private readonly records: RecordReader) {}

  async build(auth: AuthContext, type: RecordType, focus: AnyRecord, evidence?: EvidencePage): Promise<DiscoveryGraph> {
    const g: DiscoveryGraph = {
      focus: { type, record: focus },
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
    };
    await this.seed(auth, g);
    await this.expand(auth, g, evidence);
    return g;
  }

  private find(auth: AuthContext, type: RecordType, id: unknown): Promise<AnyRecord | null> {
    return typeof id === 'string' ? this.records.find(auth, type, id) : Promise.resolve(null);
  }

  private async all(auth: AuthContext, type: RecordType, query: Record<string, unknown>): Promise<AnyRecord[]> {
    return (await this.records.list(auth, type, { ...query, limit: MAX_PAGE_SIZE })).items;
  }

  /** The records the focus names directly. */
  private async seed(auth: AuthContext, g: DiscoveryGraph): Promise<void> {
    const { type, record: f } = g.focus;
    switch (type) {
      case 'opportunity':
        g.opportunities.push(f);
        break;
      case 'okr':
        g.okrs.push(f);
        mergeRecords(g.opportunities, await this.all(auth, 'opportunity', { ckrId: f.id }));
        break;
      case 'solution':
        g.solutions.push(f);
        mergeRecords(g.opportunities, [await this.find(auth, 'opportunity', f.opportunityId)]);
        break;
      case 'experiment': {
        g.experiments.push(f);
        const [okr, solution] = await Promise.all([this.find(auth, 'okr', f.ckrId), this.find(auth, 'solution', f.solutionId)]);
        mergeRecords(g.okrs, [okr]);
        mergeRecords(g.solutions, [solution]);
        if (solution) mergeRecords(g.opportunities, [await this.find(auth, 'opportunity', solution.opportunityId)]);
        break;
      }
      case 'work_item': {
        const [opp, okr, solution, experiment] = await Promise.all([
          this.find(auth, 'opportunity', f.opportunityId),
          this.find(auth, 'okr', f.ckrId),
          this.find(auth, 'solution', f.solutionId),
          this.find(auth, 'experiment', f.experimentId),
        ]);
        mergeRecords(g.opportunities, [opp]);
        mergeRecords(g.okrs, [okr]);
        mergeRecords(g.solutions, [solution]);
        mergeRecords(g.experiments, [experiment]);
        if (!opp && solution) mergeRecords(g.opportunities, [await this.find(auth, 'opportunity', solution.opportunityId)]);
        break;
      }
      case 'insight':
        g.insightIds.push(f.id);
        break;
      case 'interview':
        g.interviewIds.push(f.id);
        break;
      case 'product_goal':
        g.productGoal = f;
        mergeRecords(g.opportunities, await this.all(auth, 'opportunity', { productGoalId: f.id }));
        break;
      case 'annual_goal':
        g.annualGoal = f;
        mergeRecords(g.okrs, await this.all(auth, 'okr', { annualGoalId: f.id }));
        break;
      case 'sprint':
        break;
      case 'intake': {
        const [opp, workItem] = await Promise.all([this.find(auth, 'opportunity', f.opportunityId), this.find(auth, 'work_item', f.workItemId)]);
        mergeRecords(g.opportunities, [opp]);
        mergeRecords(g.workItems, [workItem]);
        break;
      }
    }
  }

  /** Up, across and down from what the focus named. */
  private async expand(auth: AuthContext, g: DiscoveryGraph, evidence: EvidencePage | undefined): Promise<void> {
    const followed = g.opportunities.slice(0, FOLLOWED_OPPORTUNITIES);
    for (const opp of g.opportunities) for (const id of (opp.insightIds as string[] | undefined) ?? []) if (!g.insightIds.includes(id)) g.insightIds.push(id);

    const knownIds = ids(g.okrs);
    const okrIds = [...new Set(g.opportunities.map((o) => str(o.ckrId)).filter((id): id is string => id !== null && !knownIds.includes(id)))];
    const evidenceIds = evidence ? g.insightIds.slice(evidence.from, evidence.from + evidence.limit) : [];
    const [context, workItems] = await Promise.all([
      this.records.discoveryContext(auth, {
        knownOkrs: g.okrs.slice(0, FOLLOWED_OPPORTUNITIES).map((okr) => ({ id: okr.id, productGoalId: str(okr.productGoalId), annualGoalId: str(okr.annualGoalId) })),
        okrIds,
        solutionsOf: g.focus.type === 'solution' ? [] : ids(followed),
        goals: {
          productGoalId: g.productGoal ? g.productGoal.id : str(g.opportunities[0]?.productGoalId),
          annualGoalId: g.annualGoal ? g.annualGoal.id : null,
        },
        insightIds: evidenceIds,
      }),
      this.workItems(auth, g),
    ]);
    mergeRecords(g.okrs, context.okrs);
    mergeRecords(g.solutions, context.solutions);
    mergeRecords(g.workItems, workItems.items);
    g.workItemsBeyond = workItems.beyond;
    g.productGoal = context.productGoal;
    g.annualGoal = context.annualGoal;
    if (evidence) g.evidence = { from: evidence.from, items: context.insights };

    const solutionIds = new Set(ids(g.solutions));
    const okrScoped = g.focus.type === 'okr' || g.focus.type === 'annual_goal';
    mergeRecords(g.experiments, okrScoped ? context.experiments : context.experiments.filter((e) => solutionIds.has(String(e.solutionId))));
  }

  /** The delivery of the focus: one filtered list, the most specific filter the focus allows. */
  private async workItems(auth: AuthContext, g: DiscoveryGraph): Promise<{ items: AnyRecord[]; beyond: boolean }> {
    const { type, record: f } = g.focus;
    const filter: Record<string, unknown> | null =
      type === 'opportunity' ? { opportunityId: f.id }
      : type === 'okr' ? { ckrId: f.id }
      : type === 'solution' ? { solutionId: f.id }
      : type === 'experiment' ? { experimentId: f.id }
      : type === 'sprint' ? { sprintId: f.id }
      : type === 'work_item' ? { parentId: f.id }
      : g.opportunities[0] ? { opportunityId: g.opportunities[0].id }
      : null;
    if (!filter) return { items: [], beyond: false };
    const page = await this.records.list(auth, 'work_item', { ...filter, limit: MAX_PAGE_SIZE });
    return { items: page.items, beyond: page.nextCursor !== null };
  }
}
