import { Inject, Injectable } from '@nestjs/common';
import {
  AnnualGoalResponse,
  CreateAnnualGoalDto,
  CreatePlanningCycleDto,
  CreateProductGoalDto,
  ListQuery,
  Page,
  PlanningCycleResponse,
  ProductGoalResponse,
  StrategyCreateRequest as Create,
  StrategyGetRequest as Get,
  StrategyListRequest as List,
  StrategySubjects as S,
  StrategyUpdateRequest as Update,
  UpdateAnnualGoalDto,
  UpdatePlanningCycleDto,
  UpdateProductGoalDto,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { GoalService } from './goal.service';

@Injectable()
export class GoalHandler {
  constructor(@Inject(GoalService) private readonly goals: GoalService) {}

  @HandleMessage(S.annualGoalCreate)
  createAnnualGoal({ auth, body }: Create<CreateAnnualGoalDto>): Promise<AnnualGoalResponse> {
    return this.goals.createAnnualGoal(auth, body);
  }

  @HandleMessage(S.annualGoalList)
  listAnnualGoals({ auth, query }: List<ListQuery>): Promise<Page<AnnualGoalResponse>> {
    return this.goals.listAnnualGoals(auth, query);
  }

  @HandleMessage(S.annualGoalGet)
  getAnnualGoal({ auth, id }: Get): Promise<AnnualGoalResponse> {
    return this.goals.getAnnualGoal(auth, id);
  }

  @HandleMessage(S.annualGoalUpdate)
  updateAnnualGoal({ auth, id, body }: Update<UpdateAnnualGoalDto>): Promise<AnnualGoalResponse> {
    return this.goals.updateAnnualGoal(auth, id, body);
  }

  @HandleMessage(S.productGoalCreate)
  createProductGoal({ auth, body }: Create<CreateProductGoalDto>): Promise<ProductGoalResponse> {
    return this.goals.createProductGoal(auth, body);
  }

  @HandleMessage(S.productGoalList)
  listProductGoals({ auth, query }: List<ListQuery>): Promise<Page<ProductGoalResponse>> {
    return this.goals.listProductGoals(auth, query);
  }

  @HandleMessage(S.productGoalGet)
  getProductGoal({ auth, id }: Get): Promise<ProductGoalResponse> {
    return this.goals.getProductGoal(auth, id);
  }

  @HandleMessage(S.productGoalUpdate)
  updateProductGoal({ auth, id, body }: Update<UpdateProductGoalDto>): Promise<ProductGoalResponse> {
    return this.goals.updateProductGoal(auth, id, body);
  }

  @HandleMessage(S.planningCycleCreate)
  createPlanningCycle({ auth, body }: Create<CreatePlanningCycleDto>): Promise<PlanningCycleResponse> {
    return this.goals.createPlanningCycle(auth, body);
  }

  @HandleMessage(S.planningCycleList)
  listPlanningCycles({ auth, query }: List<ListQuery>): Promise<Page<PlanningCycleResponse>> {
    return this.goals.listPlanningCycles(auth, query);
  }

  @HandleMessage(S.planningCycleGet)
  getPlanningCycle({ auth, id }: Get): Promise<PlanningCycleResponse> {
    return this.goals.getPlanningCycle(auth, id);
  }

  @HandleMessage(S.planningCycleUpdate)
  updatePlanningCycle({ auth, id, body }: Update<UpdatePlanningCycleDto>): Promise<PlanningCycleResponse> {
    return this.goals.updatePlanningCycle(auth, id, body);
  }
}
