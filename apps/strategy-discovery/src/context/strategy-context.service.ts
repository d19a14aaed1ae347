import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  DISCOVERY_CONTEXT_FOLLOWED,
  DiscoveryContextReply,
  DiscoveryContextRequest,
  KnownCkrDto,
  MAX_PAGE_SIZE,
} from '@pds/contracts';
import { CkrService } from '../ckrs/ckr.service';
import { InsightService } from '../evidence/insight.service';
import { ExperimentService } from '../experiments/experiment.service';
import { AnnualGoalService } from '../goals/annual-goal.service';
import { ProductGoalService } from '../goals/product-goal.service';
import { SolutionService } from '../solutions/solution.service';

/**
 * The strategy part of an MCP discovery packet in one round trip. Every read goes through the
 * records' own services, so each keeps its permission check and organization scope; what this
 * saves is the bus: one message instead of one per record or list. A record that is not there (or
 * not the caller's organization's) is left out, not an error.
 */
@Injectable()
export class StrategyContextService {
  constructor(
    @Inject(CkrService) private readonly ckrs: CkrService,
    @Inject(SolutionService) private readonly solutions: SolutionService,
    @Inject(ExperimentService) private readonly experiments: ExperimentService,
    @Inject(AnnualGoalService) private readonly annualGoals: AnnualGoalService,
    @Inject(ProductGoalService) private readonly productGoals: ProductGoalService,
    @Inject(InsightService) private readonly insights: InsightService,
  ) {}

  async context(auth: AuthContext, request: Omit<DiscoveryContextRequest, 'auth'>): Promise<DiscoveryContextReply> {
    assertCan(auth, Permission.Read);
    const [ckrs, solutionLists, productGoal, insights] = await Promise.all([
      Promise.all(request.ckrIds.map((id) => this.ckrs.find(auth, id))),
      Promise.all(request.solutionsOf.map((opportunityId) => this.solutions.list(auth, { opportunityId, limit: MAX_PAGE_SIZE }))),
      request.goals.productGoalId ? this.productGoals.find(auth, request.goals.productGoalId) : Promise.resolve(null),
      request.insightIds.length ? this.insights.insightEvidence(auth, request.insightIds) : Promise.resolve({ items: [] }),
    ]);
    const found = ckrs.filter((ckr) => ckr !== null);
    const followed: KnownCkrDto[] = [...request.knownCkrs, ...found].slice(0, DISCOVERY_CONTEXT_FOLLOWED);
    const first: KnownCkrDto | undefined = followed[0];
    // The annual goal follows the product goal the caller named, not the first OKR's fallback one.
    const annualGoalId = request.goals.annualGoalId ?? productGoal?.annualGoalId ?? first?.annualGoalId ?? null;
    const [experimentLists, ckrProductGoal, annualGoal] = await Promise.all([
      Promise.all(followed.map((ckr) => this.experiments.list(auth, { ckrId: ckr.id, limit: MAX_PAGE_SIZE }))),
      !productGoal && first?.productGoalId ? this.productGoals.find(auth, first.productGoalId) : Promise.resolve(null),
      annualGoalId ? this.annualGoals.find(auth, annualGoalId) : Promise.resolve(null),
    ]);
    return {
      ckrs: found,
      solutions: solutionLists.flatMap((page) => page.items),
      experiments: experimentLists.flatMap((page) => page.items),
      productGoal: productGoal ?? ckrProductGoal,
      annualGoal,
      insights: insights.items,
    };
  }
}
