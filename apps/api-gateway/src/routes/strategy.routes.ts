import type { Provider, Type } from '@nestjs/common';
import { CkrController } from './ckr.controller';
import { InsightController, InterviewController } from './evidence.controller';
import { ExperimentController } from './experiment.controller';
import { AnnualGoalController, PlanningCycleController, ProductGoalController } from './goal.controller';
import { OpportunityController } from './opportunity.controller';
import { SolutionController } from './solution.controller';

/** REST routes of the strategy-discovery context (goals, OKRs, discovery); each forwards over the bus. */
export const STRATEGY_CONTROLLERS: Type<unknown>[] = [
  AnnualGoalController,
  ProductGoalController,
  PlanningCycleController,
  CkrController,
  OpportunityController,
  SolutionController,
  ExperimentController,
  InterviewController,
  InsightController,
];
export const STRATEGY_PROVIDERS: Provider[] = [];
