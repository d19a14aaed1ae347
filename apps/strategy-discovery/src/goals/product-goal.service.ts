import { Inject, Injectable } from '@nestjs/common';
import { CreateProductGoalDto, ProductGoalResponse, UpdateProductGoalDto } from '@pds/contracts';
import { StrategyOutbox } from '../database/strategy.outbox';
import { ProductGoal } from '../generated/strategy/client';
import { PlainRecordService } from '../records/plain-record.service';
import { StrategyReferences } from '../references/strategy.references';
import { toProductGoalResponse } from './goal.mapper';
import { GoalRepository } from './goal.repository';

/** Product goals, each under an annual goal of the organization. */
@Injectable()
export class ProductGoalService extends PlainRecordService<ProductGoal, ProductGoalResponse, CreateProductGoalDto, UpdateProductGoalDto> {
  constructor(
    @Inject(GoalRepository) goals: GoalRepository,
    @Inject(StrategyReferences) references: StrategyReferences,
    @Inject(StrategyOutbox) outbox: StrategyOutbox,
  ) {
    super(goals.productGoals, outbox, {
      recordKind: 'product_goal',
      toResponse: toProductGoalResponse,
      links: { references, of: (dto) => ({ annualGoalId: dto.annualGoalId }) },
    });
  }
}
