import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AnnualGoalResponse,
  CreateAnnualGoalRequest,
  CreatePlanningCycleRequest,
  CreateProductGoalRequest,
  GetStrategyRecordRequest,
  ListStrategyRecordsRequest,
  Page,
  PlanningCycleResponse,
  ProductGoalResponse,
  StrategySubjects as S,
  UpdateAnnualGoalRequest,
  UpdatePlanningCycleRequest,
  UpdateProductGoalRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { GoalService } from './goal.service';

@MessageController()
export class GoalHandler {
  constructor(@Inject(GoalService) private readonly goals: GoalService) {}

  @MessagePattern(S.annualGoalCreate)
  createAnnualGoal(@Payload() { auth, body }: CreateAnnualGoalRequest): Promise<AnnualGoalResponse> {
    return this.goals.createAnnualGoal(auth, body);
  }

  @MessagePattern(S.annualGoalList)
  listAnnualGoals(@Payload() { auth, query }: ListStrategyRecordsRequest): Promise<Page<AnnualGoalResponse>> {
    return this.goals.listAnnualGoals(auth, query);
  }

  @MessagePattern(S.annualGoalGet)
  getAnnualGoal(@Payload() { auth, id }: GetStrategyRecordRequest): Promise<AnnualGoalResponse> {
    return this.goals.getAnnualGoal(auth, id);
  }

  @MessagePattern(S.annualGoalUpdate)
  updateAnnualGoal(@Payload() { auth, id, body }: UpdateAnnualGoalRequest): Promise<AnnualGoalResponse> {
    return this.goals.updateAnnualGoal(auth, id, body);
  }

  @MessagePattern(S.productGoalCreate)
  createProductGoal(@Payload() { auth, body }: CreateProductGoalRequest): Promise<ProductGoalResponse> {
    return this.goals.createProductGoal(auth, body);
  }

  @MessagePattern(S.productGoalList)
  listProductGoals(@Payload() { auth, query }: ListStrategyRecordsRequest): Promise<Page<ProductGoalResponse>> {
    return this.goals.listProductGoals(auth, query);
  }

  @MessagePattern(S.productGoalGet)
  getProductGoal(@Payload() { auth, id }: GetStrategyRecordRequest): Promise<ProductGoalResponse> {
    return this.goals.getProductGoal(auth, id);
  }

  @MessagePattern(S.productGoalUpdate)
  updateProductGoal(@Payload() { auth, id, body }: UpdateProductGoalRequest): Promise<ProductGoalResponse> {
    return this.goals.updateProductGoal(auth, id, body);
  }

  @MessagePattern(S.planningCycleCreate)
  createPlanningCycle(@Payload() { auth, body }: CreatePlanningCycleRequest): Promise<PlanningCycleResponse> {
    return this.goals.createPlanningCycle(auth, body);
  }

  @MessagePattern(S.planningCycleList)
  listPlanningCycles(@Payload() { auth, query }: ListStrategyRecordsRequest): Promise<Page<PlanningCycleResponse>> {
    return this.goals.listPlanningCycles(auth, query);
  }

  @MessagePattern(S.planningCycleGet)
  getPlanningCycle(@Payload() { auth, id }: GetStrategyRecordRequest): Promise<PlanningCycleResponse> {
    return this.goals.getPlanningCycle(auth, id);
  }

  @MessagePattern(S.planningCycleUpdate)
  updatePlanningCycle(@Payload() { auth, id, body }: UpdatePlanningCycleRequest): Promise<PlanningCycleResponse> {
    return this.goals.updatePlanningCycle(auth, id, body);
  }
}
