import { Inject, Injectable } from '@nestjs/common';
import { AnnualGoalResponse, PlanningCycleResponse, ProductGoalResponse } from '@pds/contracts';
import { PlainRecordRepository } from '../records/plain-record.repository';
import { toAnnualGoalResponse, toPlanningCycleResponse, toProductGoalResponse } from './goal.mapper';
import { AnnualGoal, PlanningCycle, PrismaClient, ProductGoal } from '../generated/strategy/client';

/** Annual goals, product goals and planning cycles: plain records scoped by organization. */
@Injectable()
export class GoalRepository {
  readonly annualGoals: PlainRecordRepository<AnnualGoal, AnnualGoalResponse>;
  readonly productGoals: PlainRecordRepository<ProductGoal, ProductGoalResponse>;
  readonly cycles: PlainRecordRepository<PlanningCycle, PlanningCycleResponse>;

  constructor(@Inject(PrismaClient) prisma: PrismaClient) {
    this.annualGoals = new PlainRecordRepository(prisma.annualGoal, 'Annual goal', toAnnualGoalResponse);
    this.productGoals = new PlainRecordRepository(prisma.productGoal, 'Product goal', toProductGoalResponse);
    this.cycles = new PlainRecordRepository(prisma.planningCycle, 'Planning cycle', toPlanningCycleResponse);
  }
}
