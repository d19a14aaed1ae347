import {
  CreateAnnualGoalRequest,
  CreatePlanningCycleRequest,
  CreateProductGoalRequest,
  GetStrategyRecordRequest as Get,
  ListStrategyRecordsRequest as List,
  StrategySubjects as S,
  UpdateAnnualGoalRequest,
  UpdatePlanningCycleRequest,
  UpdateProductGoalRequest,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { GoalService } from './goal.service';

@MessageController()
export class AnnualGoalHandler extends RecordHandlers(GoalService, {
  create: [S.annualGoalCreate, CreateAnnualGoalRequest, 'createAnnualGoal'],
  list: [S.annualGoalList, List, 'listAnnualGoals'],
  get: [S.annualGoalGet, Get, 'getAnnualGoal'],
  update: [S.annualGoalUpdate, UpdateAnnualGoalRequest, 'updateAnnualGoal'],
}) {}

@MessageController()
export class ProductGoalHandler extends RecordHandlers(GoalService, {
  create: [S.productGoalCreate, CreateProductGoalRequest, 'createProductGoal'],
  list: [S.productGoalList, List, 'listProductGoals'],
  get: [S.productGoalGet, Get, 'getProductGoal'],
  update: [S.productGoalUpdate, UpdateProductGoalRequest, 'updateProductGoal'],
}) {}

@MessageController()
export class PlanningCycleHandler extends RecordHandlers(GoalService, {
  create: [S.planningCycleCreate, CreatePlanningCycleRequest, 'createPlanningCycle'],
  list: [S.planningCycleList, List, 'listPlanningCycles'],
  get: [S.planningCycleGet, Get, 'getPlanningCycle'],
  update: [S.planningCycleUpdate, UpdatePlanningCycleRequest, 'updatePlanningCycle'],
}) {}
