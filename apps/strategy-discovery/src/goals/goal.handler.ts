import { CreateAnnualGoalRequest, CreatePlanningCycleRequest, CreateProductGoalRequest, UpdateAnnualGoalRequest, UpdatePlanningCycleRequest, UpdateProductGoalRequest } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategyRecordHandlers } from '../common/strategy-record.handler';
import { AnnualGoalService, PlanningCycleService, ProductGoalService } from './goal.service';

@MessageController()
export class AnnualGoalHandler extends StrategyRecordHandlers(AnnualGoalService, 'annualGoal', {
  create: CreateAnnualGoalRequest,
  update: UpdateAnnualGoalRequest,
}) {}

@MessageController()
export class ProductGoalHandler extends StrategyRecordHandlers(ProductGoalService, 'productGoal', {
  create: CreateProductGoalRequest,
  update: UpdateProductGoalRequest,
}) {}

@MessageController()
export class PlanningCycleHandler extends StrategyRecordHandlers(PlanningCycleService, 'planningCycle', {
  create: CreatePlanningCycleRequest,
  update: UpdatePlanningCycleRequest,
}) {}
