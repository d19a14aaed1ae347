import { Inject, Injectable } from '@nestjs/common';
import { AnnualGoalResponse, CreateAnnualGoalDto, UpdateAnnualGoalDto } from '@pds/contracts';
import { StrategyOutbox } from '../database/strategy.outbox';
import { AnnualGoal } from '../generated/strategy/client';
import { PlainRecordService } from '../records/plain-record.service';
import { toAnnualGoalResponse } from './goal.mapper';
import { GoalRepository } from './goal.repository';

/** Annual goals: what OKRs and product goals point at. */
@Injectable()
export class AnnualGoalService extends PlainRecordService<AnnualGoal, AnnualGoalResponse, CreateAnnualGoalDto, UpdateAnnualGoalDto> {
  constructor(@Inject(GoalRepository) goals: GoalRepository, @Inject(StrategyOutbox) outbox: StrategyOutbox) {
    super(goals.annualGoals, outbox, { recordKind: 'annual_goal', toResponse: toAnnualGoalResponse });
  }
}
