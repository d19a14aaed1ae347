import { Module } from '@nestjs/common';
import { CkrHandler } from './ckrs/ckr.handler';
import { CkrService } from './ckrs/ckr.service';
import { strategyOutboxProvider } from './common/strategy.outbox';
import { strategyPrismaProvider } from './common/strategy.prisma';
import { StrategyReferences } from './common/strategy.references';
import { EvidenceHandler } from './evidence/evidence.handler';
import { EvidenceService } from './evidence/evidence.service';
import { ExperimentHandler } from './experiments/experiment.handler';
import { ExperimentService } from './experiments/experiment.service';
import { GoalHandler } from './goals/goal.handler';
import { GoalService } from './goals/goal.service';
import { OpportunityHandler } from './opportunities/opportunity.handler';
import { OpportunityService } from './opportunities/opportunity.service';
import { StrategyReferenceHandler } from './references/strategy-reference.handler';
import { SolutionHandler } from './solutions/solution.handler';
import { SolutionService } from './solutions/solution.service';

/** Goals, planning cycles, OKRs, opportunities, solutions, experiments, interviews, insights. Served over the bus. */
@Module({
  providers: [
    strategyPrismaProvider,
    strategyOutboxProvider,
    StrategyReferences,
    GoalService,
    GoalHandler,
    CkrService,
    CkrHandler,
    OpportunityService,
    OpportunityHandler,
    SolutionService,
    SolutionHandler,
    ExperimentService,
    ExperimentHandler,
    EvidenceService,
    EvidenceHandler,
    StrategyReferenceHandler,
  ],
})
export class StrategyDiscoveryModule {}
