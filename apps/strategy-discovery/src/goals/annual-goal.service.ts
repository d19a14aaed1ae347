import { Inject, Injectable } from '@nestjs/common';
import { AnnualGoalResponse, CreateAnnualGoalDto, UpdateAnnualGoalDto } from '@pds/contracts';
import { AnnualGoal } from '../generated/strategy/client';
import { PlainRecordService } from '../records/plain-record.service';
import { toAnnualGoalResponse } from './goal.mapper';
import { GoalRepository } from './goal.repository';

/** Annual goals: what OKRs and product goals point at. */
@Injectable()
export class AnnualGoalService extends PlainRecordService<AnnualGoal, AnnualGoalResponse, CreateAnnualGoalDto, UpdateAnnualGoalDto> {
  constructor(@Inject(GoalRepository) goals: GoalRepository) {
    super(goals.annualGoals, { resource: 'Annual goal', toResponse: toAnnualGoalResponse });
  }
}
