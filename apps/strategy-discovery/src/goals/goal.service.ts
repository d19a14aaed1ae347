import { Inject, Injectable } from '@nestjs/common';
import {
  AnnualGoalResponse,
  BadRequestError,
  CreateAnnualGoalDto,
  CreatePlanningCycleDto,
  CreateProductGoalDto,
  PlanningCycleResponse,
  ProductGoalResponse,
  UpdateAnnualGoalDto,
  UpdatePlanningCycleDto,
  UpdateProductGoalDto,
} from '@pds/contracts';
import { PlainRecordService } from '../common/plain-record.service';
import { StrategyReferences } from '../common/strategy.references';
import { dateOnly } from '../common/strategy.mapper';
import { AnnualGoal, PlanningCycle, ProductGoal } from '../generated/strategy/client';
import { GoalRepository } from './goal.repository';

const toDate = (value: string | null | undefined) => (value === undefined || value === null ? value : new Date(`${value}T00:00:00Z`));

/** Annual goals: what OKRs and product goals point at. */
@Injectable()
export class AnnualGoalService extends PlainRecordService<AnnualGoal, AnnualGoalResponse, CreateAnnualGoalDto, UpdateAnnualGoalDto> {
  constructor(@Inject(GoalRepository) goals: GoalRepository) {
    super(goals.annualGoals);
  }
}

/** Product goals, each under an annual goal of the organization. */
@Injectable()
export class ProductGoalService extends PlainRecordService<ProductGoal, ProductGoalResponse, CreateProductGoalDto, UpdateProductGoalDto> {
  constructor(@Inject(GoalRepository) goals: GoalRepository, @Inject(StrategyReferences) references: StrategyReferences) {
    super(goals.productGoals, { references, of: (dto) => ({ annualGoalId: dto.annualGoalId }) });
  }
}

/** Planning cycles (date ranges) that OKRs are planned in. */
@Injectable()
export class PlanningCycleService extends PlainRecordService<PlanningCycle, PlanningCycleResponse, CreatePlanningCycleDto, UpdatePlanningCycleDto> {
  constructor(@Inject(GoalRepository) goals: GoalRepository) {
    super(goals.cycles);
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
