import { Inject, Injectable } from '@nestjs/common';
import { RecordListQuery } from '@pds/contracts';
import { AnnualGoal, PlanningCycle, PrismaClient, ProductGoal } from '../generated/strategy/client';
import { RecordRepository } from '../records/record.repository';

/** Annual goals, product goals and planning cycles: records without keys or filters (goals: the archived one), scoped by organization. */
@Injectable()
export class GoalRepository {
  readonly annualGoals: RecordRepository<AnnualGoal, RecordListQuery>;
  readonly productGoals: RecordRepository<ProductGoal, RecordListQuery>;
  readonly cycles: RecordRepository<PlanningCycle, RecordListQuery>;

  constructor(@Inject(PrismaClient) prisma: PrismaClient) {
    this.annualGoals = new RecordRepository(prisma, { model: (db) => db.annualGoal, table: 'annual_goals', archivable: true });
    this.productGoals = new RecordRepository(prisma, { model: (db) => db.productGoal, table: 'product_goals', archivable: true });
    this.cycles = new RecordRepository(prisma, { model: (db) => db.planningCycle, table: 'planning_cycles' });
  }
}
