import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, LocatedStrategyRecord } from '@pds/contracts';
import { CkrService } from '../ckrs/ckr.service';
import { InsightService } from '../evidence/insight.service';
import { InterviewService } from '../evidence/interview.service';
import { ExperimentService } from '../experiments/experiment.service';
import { AnnualGoalService } from '../goals/annual-goal.service';
import { ProductGoalService } from '../goals/product-goal.service';
import { OpportunityService } from '../opportunities/opportunity.service';
import { SolutionService } from '../solutions/solution.service';

/**
 * Which strategy record a uuid names, for the MCP tools' refs: one message asks every kind here
 * (each through its own service, so each keeps its organization scope) instead of one message per
 * kind. Ids are random uuids, so at most one kind has it.
 */
@Injectable()
export class StrategyRecordLocator {
  constructor(
    @Inject(CkrService) private readonly ckrs: CkrService,
    @Inject(OpportunityService) private readonly opportunities: OpportunityService,
    @Inject(SolutionService) private readonly solutions: SolutionService,
    @Inject(ExperimentService) private readonly experiments: ExperimentService,
    @Inject(InterviewService) private readonly interviews: InterviewService,
    @Inject(InsightService) private readonly insights: InsightService,
    @Inject(ProductGoalService) private readonly productGoals: ProductGoalService,
    @Inject(AnnualGoalService) private readonly annualGoals: AnnualGoalService,
  ) {}

  async locate(auth: AuthContext, id: string): Promise<LocatedStrategyRecord | null> {
    assertCan(auth, Permission.Read);
    const found = await Promise.all([
      this.ckrs.find(auth, id).then((record) => record && ({ kind: 'ckr', record }) as const),
      this.opportunities.find(auth, id).then((record) => record && ({ kind: 'opportunity', record }) as const),
      this.solutions.find(auth, id).then((record) => record && ({ kind: 'solution', record }) as const),
      this.experiments.find(auth, id).then((record) => record && ({ kind: 'experiment', record }) as const),
      this.interviews.find(auth, id).then((record) => record && ({ kind: 'interview', record }) as const),
      this.insights.find(auth, id).then((record) => record && ({ kind: 'insight', record }) as const),
      this.productGoals.find(auth, id).then((record) => record && ({ kind: 'product_goal', record }) as const),
      this.annualGoals.find(auth, id).then((record) => record && ({ kind: 'annual_goal', record }) as const),
    ]);
    return found.find((hit) => hit !== null) ?? null;
  }
}
