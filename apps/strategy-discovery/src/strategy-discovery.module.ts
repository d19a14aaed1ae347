import { Module } from '@nestjs/common';
import { StrategyReferenceHandler } from './references/strategy-reference.handler';

/** Goals, planning cycles, OKRs, opportunities, solutions, experiments, interviews, insights. Served over the bus. */
@Module({
  providers: [StrategyReferenceHandler],
})
export class StrategyDiscoveryModule {}
