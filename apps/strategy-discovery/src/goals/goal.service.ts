import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AnnualGoalResponse,
  AuthContext,
  BadRequestError,
  CreateAnnualGoalDto,
  CreatePlanningCycleDto,
  CreateProductGoalDto,
  ListQuery,
  Page,
  PlanningCycleResponse,
  ProductGoalResponse,
  UpdateAnnualGoalDto,
  UpdatePlanningCycleDto,
  UpdateProductGoalDto,
} from '@pds/contracts';
import { pageRequest } from '@pds/persistence';
import { StrategyReferences } from '../common/strategy.references';
import { GoalRepository } from './goal.repository';

const toDate = (value: string | null | undefined) => (value === undefined || value === null ? value : new Date(`${value}T00:00:00Z`));

/** Annual goals, product goals and planning cycles: what OKRs point at. */
@Injectable()
export class GoalService {
  private readonly annualGoals: GoalRepository['annualGoals'];
  private readonly productGoals: GoalRepository['productGoals'];
  private readonly cycles: GoalRepository['cycles'];

  constructor(
    @Inject(GoalRepository) goals: GoalRepository,
    @Inject(StrategyReferences) private readonly references: StrategyReferences,
  ) {
    this.annualGoals = goals.annualGoals;
    this.productGoals = goals.productGoals;
    this.cycles = goals.cycles;
  }

  listAnnualGoals(auth: AuthContext, query: ListQuery): Promise<Page<AnnualGoalResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    return this.annualGoals.list(auth.organizationId, limit, after);
  }

  getAnnualGoal(auth: AuthContext, ref: string): Promise<AnnualGoalResponse> {
    assertCan(auth, Permission.Read);
    return this.annualGoals.get(auth.organizationId, ref);
  }

  createAnnualGoal(auth: AuthContext, dto: CreateAnnualGoalDto): Promise<AnnualGoalResponse> {
    assertCan(auth, Permission.StrategyWrite);
    return this.annualGoals.create(auth.organizationId, { ...dto });
  }

  async updateAnnualGoal(auth: AuthContext, ref: string, dto: UpdateAnnualGoalDto): Promise<AnnualGoalResponse> {
    assertCan(auth, Permission.StrategyWrite);
    return this.annualGoals.update(auth.organizationId, ref, { ...dto });
  }

  listProductGoals(auth: AuthContext, query: ListQuery): Promise<Page<ProductGoalResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    return this.productGoals.list(auth.organizationId, limit, after);
  }

  getProductGoal(auth: AuthContext, ref: string): Promise<ProductGoalResponse> {
    assertCan(auth, Permission.Read);
    return this.productGoals.get(auth.organizationId, ref);
  }

  async createProductGoal(auth: AuthContext, dto: CreateProductGoalDto): Promise<ProductGoalResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.references.check(auth.organizationId, { annualGoalId: dto.annualGoalId });
    return this.productGoals.create(auth.organizationId, { ...dto });
  }

  async updateProductGoal(auth: AuthContext, ref: string, dto: UpdateProductGoalDto): Promise<ProductGoalResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.productGoals.require(auth.organizationId, ref);
    await this.references.check(auth.organizationId, { annualGoalId: dto.annualGoalId });
    return this.productGoals.update(auth.organizationId, ref, { ...dto });
  }

  listPlanningCycles(auth: AuthContext, query: ListQuery): Promise<Page<PlanningCycleResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    return this.cycles.list(auth.organizationId, limit, after);
  }

  getPlanningCycle(auth: AuthContext, ref: string): Promise<PlanningCycleResponse> {
    assertCan(auth, Permission.Read);
    return this.cycles.get(auth.organizationId, ref);
  }

  createPlanningCycle(auth: AuthContext, dto: CreatePlanningCycleDto): Promise<PlanningCycleResponse> {
    assertCan(auth, Permission.StrategyWrite);
    assertOrdered(dto.startDate, dto.endDate);
    return this.cycles.create(auth.organizationId, { name: dto.name, startDate: toDate(dto.startDate), endDate: toDate(dto.endDate) });
  }

  async updatePlanningCycle(auth: AuthContext, ref: string, dto: UpdatePlanningCycleDto): Promise<PlanningCycleResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.cycles.get(auth.organizationId, ref);
    assertOrdered(dto.startDate !== undefined ? dto.startDate : current.startDate, dto.endDate !== undefined ? dto.endDate : current.endDate);
    return this.cycles.update(auth.organizationId, ref, { name: dto.name, startDate: toDate(dto.startDate), endDate: toDate(dto.endDate) });
  }
}

/** A cycle never ends before it starts. */
function assertOrdered(start: string | null | undefined, end: string | null | undefined): void {
  if (start && end && end < start) throw new BadRequestError('endDate is before startDate', { endDate: ['must not be before startDate'] });
}
