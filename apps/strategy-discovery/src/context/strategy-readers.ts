import { Provider } from '@nestjs/common';
import { CkrService } from '../ckrs/ckr.service';
import { InsightService } from '../evidence/insight.service';
import { InterviewService } from '../evidence/interview.service';
import { ExperimentService } from '../experiments/experiment.service';
import { AnnualGoalService } from '../goals/annual-goal.service';
import { ProductGoalService } from '../goals/product-goal.service';
import { OpportunityService } from '../opportunities/opportunity.service';
import { SolutionService } from '../solutions/solution.service';

/**
 * The record services the discovery context reads through, one per kind and keyed as the contract
 * names the kinds, so that locating a uuid can ask every kind and the walk can name the one it needs.
 */
export interface StrategyReaders {
  readonly ckr: CkrService;
  readonly opportunity: OpportunityService;
  readonly solution: SolutionService;
  readonly experiment: ExperimentService;
  readonly interview: InterviewService;
  readonly insight: InsightService;
  readonly product_goal: ProductGoalService;
  readonly annual_goal: AnnualGoalService;
}

export const STRATEGY_READERS = Symbol('STRATEGY_READERS');

/** Nest's own instances of the services: the readers add no state of their own. */
export const strategyReadersProvider: Provider = {
  provide: STRATEGY_READERS,
  inject: [CkrService, OpportunityService, SolutionService, ExperimentService, InterviewService, InsightService, ProductGoalService, AnnualGoalService],
  useFactory: (
    ckr: CkrService,
    opportunity: OpportunityService,
    solution: SolutionService,
    experiment: ExperimentService,
    interview: InterviewService,
    insight: InsightService,
    product_goal: ProductGoalService,
    annual_goal: AnnualGoalService,
  ): StrategyReaders => ({ ckr, opportunity, solution, experiment, interview, insight, product_goal, annual_goal }),
};
