import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  DISCOVERY_CONTEXT_FOLLOWED,
  DiscoveryFocusDto,
  DiscoveryGraphReply,
  DiscoveryGraphRequest,
  LocatedStrategyRecord,
  STRATEGY_SEARCH_TYPES,
  StrategySearchType,
  MAX_PAGE_SIZE,
  SolutionResponse,
} from '@pds/contracts';
import { CkrService } from '../ckrs/ckr.service';
import { InsightService } from '../evidence/insight.service';
import { InterviewService } from '../evidence/interview.service';
import { ExperimentService } from '../experiments/experiment.service';
import { AnnualGoalService } from '../goals/annual-goal.service';
import { ProductGoalService } from '../goals/product-goal.service';
import { OpportunityService } from '../opportunities/opportunity.service';
import { SolutionService } from '../solutions/solution.service';

/** What the focus names directly (a strategy focus among them), before the walk up and across. */
type Seed = Omit<DiscoveryGraphReply, 'insights'>;

/** What reads one kind of strategy record by uuid or key (its service), answering its contract type. */
type Finders = { readonly [K in StrategySearchType]: { find(auth: AuthContext, ref: string): Promise<Extract<LocatedStrategyRecord, { kind: K }>['record'] | null> } };

/** Appends records not yet present (by id), keeping first-seen order. */
function merge<R extends { id: string }>(into: R[], more: readonly (R | null)[]): R[] {
  const seen = new Set(into.map((r) => r.id));
  for (const record of more) {
    if (record && !seen.has(record.id)) {
      seen.add(record.id);
      into.push(record);
    }
  }
  return into;
}

/**
 * The strategy part of an MCP discovery packet in one round trip (DiscoveryGraphReply). Every read
 * goes through the records' own services, so each keeps its permission check and organization
 * scope; what this saves is the bus: one message instead of one per record, list and level. A record
 * that is not there (or not the caller's organization's) is left out, not an error.
 */
@Injectable()
export class StrategyContextService {
  private readonly finders: Finders;

  constructor(
    @Inject(CkrService) private readonly ckrs: CkrService,
    @Inject(OpportunityService) private readonly opportunities: OpportunityService,
    @Inject(SolutionService) private readonly solutions: SolutionService,
    @Inject(ExperimentService) private readonly experiments: ExperimentService,
    @Inject(AnnualGoalService) private readonly annualGoals: AnnualGoalService,
    @Inject(ProductGoalService) private readonly productGoals: ProductGoalService,
    @Inject(InsightService) private readonly insights: InsightService,
    @Inject(InterviewService) interviews: InterviewService,
  ) {
    this.finders = { ckr: ckrs, opportunity: opportunities, solution: solutions, experiment: experiments, interview: interviews, insight: insights, product_goal: productGoals, annual_goal: annualGoals };
  }

  /** Which strategy record a uuid names: every kind asked in one message (ids are random: one hit at most). */
  async locate(auth: AuthContext, id: string): Promise<LocatedStrategyRecord | null> {
    assertCan(auth, Permission.Read);
    const found = await Promise.all(STRATEGY_SEARCH_TYPES.map((kind) => this.read(auth, kind, id)));
    return found.find((hit) => hit !== null) ?? null;
  }

  private async read(auth: AuthContext, kind: StrategySearchType, ref: string): Promise<LocatedStrategyRecord | null> {
    const record = await this.finders[kind].find(auth, ref);
    // The finder of `kind` answers a record of that kind.
    return record && ({ kind, record } as LocatedStrategyRecord);
  }

  async graph(auth: AuthContext, { focus, evidence }: Omit<DiscoveryGraphRequest, 'auth'>): Promise<DiscoveryGraphReply> {
    assertCan(auth, Permission.Read);
    const seed = await this.seed(auth, focus);
    const followedOpportunities = seed.opportunities.slice(0, DISCOVERY_CONTEXT_FOLLOWED);
    const insightIds = [...new Set([...seed.insightIds, ...seed.opportunities.flatMap((o) => o.insightIds)])];
    const known = new Set(seed.ckrs.map((ckr) => ckr.id));
    const ckrIds = [...new Set(seed.opportunities.map((o) => o.ckrId).filter((id): id is string => id !== null && !known.has(id)))];
    const productGoalId = seed.productGoal?.id ?? seed.opportunities[0]?.productGoalId ?? null;

    const evidencePage = evidence ? insightIds.slice(evidence.from, evidence.from + evidence.limit) : [];
    const [ckrs, solutionLists, productGoal, evidenceReply] = await Promise.all([
      Promise.all(ckrIds.map((id) => this.ckrs.find(auth, id))),
      Promise.all(
        (focus.kind === 'solution' ? [] : followedOpportunities).map((o) => this.solutions.list(auth, { opportunityId: o.id, limit: MAX_PAGE_SIZE })),
      ),
      productGoalId ? this.productGoals.find(auth, productGoalId) : Promise.resolve(null),
      evidencePage.length ? this.insights.insightEvidence(auth, evidencePage) : Promise.resolve({ items: [] }),
    ]);
    const allCkrs = merge([...seed.ckrs], ckrs);
    const followed = allCkrs.slice(0, DISCOVERY_CONTEXT_FOLLOWED);
    const first = followed[0];
    // The annual goal follows the product goal named, not the first OKR's fallback one.
    const annualGoalId = seed.annualGoal?.id ?? productGoal?.annualGoalId ?? first?.annualGoalId ?? null;
    const [experimentLists, ckrProductGoal, annualGoal] = await Promise.all([
      Promise.all(followed.map((ckr) => this.experiments.list(auth, { ckrId: ckr.id, limit: MAX_PAGE_SIZE }))),
      !productGoal && first?.productGoalId ? this.productGoals.find(auth, first.productGoalId) : Promise.resolve(null),
      annualGoalId ? this.annualGoals.find(auth, annualGoalId) : Promise.resolve(null),
    ]);
    const solutions = merge([...seed.solutions], solutionLists.flatMap((page) => page.items));
    const solutionIds = new Set(solutions.map((s) => s.id));
    const ckrScoped = focus.kind === 'ckr' || focus.kind === 'annual_goal';
    const experiments = experimentLists.flatMap((page) => page.items).filter((e) => ckrScoped || (e.solutionId !== null && solutionIds.has(e.solutionId)));
    return {
      ckrs: allCkrs,
      opportunities: seed.opportunities,
      solutions,
      experiments: merge([...seed.experiments], experiments),
      productGoal: productGoal ?? ckrProductGoal,
      annualGoal,
      insightIds,
      insights: evidenceReply.items,
    };
  }

  /** The records the focus names directly, a strategy focus among them. */
  private async seed(auth: AuthContext, focus: DiscoveryFocusDto): Promise<Seed> {
    const seed: Seed = { ckrs: [], opportunities: [], solutions: [], experiments: [], productGoal: null, annualGoal: null, insightIds: [] };
    const find = <T>(service: { find(auth: AuthContext, ref: string): Promise<T | null> }, ref: string | null | undefined) =>
      ref ? service.find(auth, ref) : Promise.resolve(null);
    const opportunityOf = (solution: SolutionResponse | null) => find(this.opportunities, solution?.opportunityId);
    if (focus.kind === 'work_item' || focus.kind === 'intake') {
      // A delivery record: what it names starts the walk (an intake names an opportunity only).
      const [opportunity, ckr, solution, experiment] = await Promise.all([
        find(this.opportunities, focus.opportunityId),
        find(this.ckrs, focus.ckrId),
        find(this.solutions, focus.solutionId),
        find(this.experiments, focus.experimentId),
      ]);
      merge(seed.opportunities, [opportunity ?? (await opportunityOf(solution))]);
      merge(seed.ckrs, [ckr]);
      merge(seed.solutions, [solution]);
      merge(seed.experiments, [experiment]);
      return seed;
    }
    if (focus.kind === 'sprint') return seed;
    const located = await this.read(auth, focus.kind, focus.ref);
    switch (located?.kind) {
      case 'opportunity':
        merge(seed.opportunities, [located.record]);
        break;
      case 'ckr':
        merge(seed.ckrs, [located.record]);
        merge(seed.opportunities, (await this.opportunities.list(auth, { ckrId: located.record.id, limit: MAX_PAGE_SIZE })).items);
        break;
      case 'solution':
        merge(seed.solutions, [located.record]);
        merge(seed.opportunities, [await opportunityOf(located.record)]);
        break;
      case 'experiment': {
        merge(seed.experiments, [located.record]);
        const [ckr, solution] = await Promise.all([find(this.ckrs, located.record.ckrId), find(this.solutions, located.record.solutionId)]);
        merge(seed.ckrs, [ckr]);
        merge(seed.solutions, [solution]);
        merge(seed.opportunities, [await opportunityOf(solution)]);
        break;
      }
      case 'insight':
        seed.insightIds.push(located.record.id);
        break;
      case 'product_goal':
        seed.productGoal = located.record;
        merge(seed.opportunities, (await this.opportunities.list(auth, { productGoalId: located.record.id, limit: MAX_PAGE_SIZE })).items);
        break;
      case 'annual_goal':
        seed.annualGoal = located.record;
        merge(seed.ckrs, (await this.ckrs.list(auth, { annualGoalId: located.record.id, limit: MAX_PAGE_SIZE })).items);
        break;
    }
    return seed;
  }
}
