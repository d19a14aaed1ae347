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
import { AnnualGoalService, PlanningCycleService, ProductGoalService } from './goal.service';

@MessageController()
export class AnnualGoalHandler extends RecordHandlers(AnnualGoalService, {
  create: [S.annualGoalCreate, CreateAnnualGoalRequest],
  list: [S.annualGoalList, List],
  get: [S.annualGoalGet, Get],
  update: [S.annualGoalUpdate, UpdateAnnualGoalRequest],
}) {}

@MessageController()
export class ProductGoalHandler extends RecordHandlers(ProductGoalService, {
  create: [S.productGoalCreate, CreateProductGoalRequest],
  list: [S.productGoalList, List],
  get: [S.productGoalGet, Get],
  update: [S.productGoalUpdate, UpdateProductGoalRequest],
}) {}

@MessageController()
export class PlanningCycleHandler extends RecordHandlers(PlanningCycleService, {
  create: [S.planningCycleCreate, CreatePlanningCycleRequest],
  list: [S.planningCycleList, List],
  get: [S.planningCycleGet, Get],
  update: [S.planningCycleUpdate, UpdatePlanningCycleRequest],
}) {}
