import { Inject, Injectable } from '@nestjs/common';
import { BadRequestError, CreatePlanningCycleDto, PlanningCycleResponse, UpdatePlanningCycleDto } from '@pds/contracts';
import { StrategyOutbox } from '../database/strategy.outbox';
import { PlanningCycle } from '../generated/strategy/client';
import { PlainRecordService } from '../records/plain-record.service';
import { dateOnly } from '../records/timestamps';
import { toPlanningCycleResponse } from './goal.mapper';
import { GoalRepository } from './goal.repository';

const toDate = (value: string | null | undefined) => (value === undefined || value === null ? value : new Date(`${value}T00:00:00Z`));

/** Planning cycles (date ranges) that OKRs are planned in. */
@Injectable()
export class PlanningCycleService extends PlainRecordService<PlanningCycle, PlanningCycleResponse, CreatePlanningCycleDto, UpdatePlanningCycleDto> {
  constructor(@Inject(GoalRepository) goals: GoalRepository, @Inject(StrategyOutbox) outbox: StrategyOutbox) {
    super(goals.cycles, outbox, { recordKind: 'planning_cycle', toResponse: toPlanningCycleResponse });
  }

  protected override toCreate(dto: CreatePlanningCycleDto): object {
    assertOrdered(dto.startDate, dto.endDate);
    return { name: dto.name, startDate: toDate(dto.startDate), endDate: toDate(dto.endDate) };
  }

  protected override toUpdate(current: PlanningCycle, dto: UpdatePlanningCycleDto): object {
    assertOrdered(dto.startDate !== undefined ? dto.startDate : dateOnly(current.startDate), dto.endDate !== undefined ? dto.endDate : dateOnly(current.endDate));
    return { name: dto.name, startDate: toDate(dto.startDate), endDate: toDate(dto.endDate) };
  }
}

/** A cycle never ends before it starts. */
function assertOrdered(start: string | null | undefined, end: string | null | undefined): void {
  if (start && end && end < start) throw new BadRequestError('endDate is before startDate', { endDate: ['must not be before startDate'] });
}
