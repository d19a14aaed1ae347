import { StrategyTrashHandler } from './trash/trash.handler';
import { strategyTrashProviders } from './trash/strategy-trash';
import { Module } from '@nestjs/common';
import { CkrHandler } from './ckrs/ckr.handler';
import { CkrRepository } from './ckrs/ckr.repository';
import { CkrService } from './ckrs/ckr.service';
import { StrategyContextHandler } from './context/strategy-context.handler';
import { StrategyContextService } from './context/strategy-context.service';
import { strategyReadersProvider } from './context/strategy-readers';
import { strategyOutboxProviders } from './database/strategy.outbox';
import { strategyPrismaProvider } from './database/strategy.prisma';
import { EvidenceSourceRepository } from './evidence/evidence-source.repository';
import { EvidenceRepository } from './evidence/evidence.repository';
import { InsightHandler } from './evidence/insight.handler';
import { InsightService } from './evidence/insight.service';
import { InterviewHandler } from './evidence/interview.handler';
import { InterviewService } from './evidence/interview.service';
import { ExperimentHandler } from './experiments/experiment.handler';
import { ExperimentRepository } from './experiments/experiment.repository';
import { ExperimentService } from './experiments/experiment.service';
import { AnnualGoalHandler } from './goals/annual-goal.handler';
import { AnnualGoalService } from './goals/annual-goal.service';
import { GoalRepository } from './goals/goal.repository';
import { PlanningCycleHandler } from './goals/planning-cycle.handler';
import { PlanningCycleService } from './goals/planning-cycle.service';
import { ProductGoalHandler } from './goals/product-goal.handler';
import { ProductGoalService } from './goals/product-goal.service';
import { OpportunityHandler } from './opportunities/opportunity.handler';
import { OpportunityRepository } from './opportunities/opportunity.repository';
import { OpportunityService } from './opportunities/opportunity.service';
import { StrategyLookupRepository } from './references/strategy-lookup.repository';
import { StrategyReferenceHandler } from './references/strategy-reference.handler';
import { StrategyReferences } from './references/strategy.references';
import { StrategySearchHandler } from './search/strategy-search.handler';
import { StrategySearchRepository } from './search/strategy-search.repository';
import { StrategySearchService } from './search/strategy-search.service';
import { SolutionHandler } from './solutions/solution.handler';
import { SolutionRepository } from './solutions/solution.repository';
import { SolutionService } from './solutions/solution.service';

/** Goals, planning cycles, OKRs, opportunities, solutions, experiments, interviews, insights. Served over the bus. */
@Module({
  controllers: [
    AnnualGoalHandler,
    ProductGoalHandler,
    PlanningCycleHandler,
    CkrHandler,
    OpportunityHandler,
    SolutionHandler,
    ExperimentHandler,
    InterviewHandler,
    InsightHandler,
    StrategyReferenceHandler,
    StrategySearchHandler,
    StrategyContextHandler,
    StrategyTrashHandler,
  ],
  providers: [
    strategyPrismaProvider,
    ...strategyOutboxProviders,
    StrategyLookupRepository,
    StrategyReferences,
    GoalRepository,
    AnnualGoalService,
    ProductGoalService,
    PlanningCycleService,
    CkrRepository,
    CkrService,
    OpportunityRepository,
    OpportunityService,
    SolutionRepository,
    SolutionService,
    ExperimentRepository,
    ExperimentService,
    EvidenceRepository,
    EvidenceSourceRepository,
    InterviewService,
    InsightService,
    StrategySearchRepository,
    StrategySearchService,
    strategyReadersProvider,
    StrategyContextService,
    ...strategyTrashProviders,
  ],
})
export class StrategyDiscoveryModule {}
