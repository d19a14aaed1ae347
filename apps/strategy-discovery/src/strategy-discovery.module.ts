import { Module } from '@nestjs/common';
import { CkrHandler } from './ckrs/ckr.handler';
import { CkrRepository } from './ckrs/ckr.repository';
import { CkrService } from './ckrs/ckr.service';
import { DiscoveryContextHandler } from './context/discovery-context.handler';
import { DiscoveryContextService } from './context/discovery-context.service';
import { strategyOutboxProviders } from './common/strategy.outbox';
import { strategyPrismaProvider } from './common/strategy.prisma';
import { StrategyLookupRepository } from './common/strategy-lookup.repository';
import { StrategyReferences } from './common/strategy.references';
import { InsightHandler, InterviewHandler } from './evidence/evidence.handler';
import { EvidenceRepository } from './evidence/evidence.repository';
import { EvidenceSourceRepository } from './evidence/evidence-source.repository';
import { InsightService, InterviewService } from './evidence/evidence.service';
import { ExperimentHandler } from './experiments/experiment.handler';
import { ExperimentRepository } from './experiments/experiment.repository';
import { ExperimentService } from './experiments/experiment.service';
import { AnnualGoalHandler, PlanningCycleHandler, ProductGoalHandler } from './goals/goal.handler';
import { GoalRepository } from './goals/goal.repository';
import { AnnualGoalService, PlanningCycleService, ProductGoalService } from './goals/goal.service';
import { OpportunityHandler } from './opportunities/opportunity.handler';
import { OpportunityRepository } from './opportunities/opportunity.repository';
import { OpportunityService } from './opportunities/opportunity.service';
import { StrategyReferenceHandler } from './references/strategy-reference.handler';
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
    DiscoveryContextHandler,
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
    DiscoveryContextService,
  ],
})
export class StrategyDiscoveryModule {}
