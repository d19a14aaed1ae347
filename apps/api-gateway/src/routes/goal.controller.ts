import {
  AnnualGoalResponse,
  CreateAnnualGoalDto,
  CreatePlanningCycleDto,
  CreateProductGoalDto,
  PlanningCycleResponse,
  ProductGoalResponse,
  UpdateAnnualGoalDto,
  UpdatePlanningCycleDto,
  UpdateProductGoalDto,
} from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { StrategyRecordRoutes } from './strategy-record-routes';

@ApiController('annual-goals')
export class AnnualGoalController extends StrategyRecordRoutes('annualGoal', AnnualGoalResponse, CreateAnnualGoalDto, UpdateAnnualGoalDto) {}

@ApiController('product-goals')
export class ProductGoalController extends StrategyRecordRoutes('productGoal', ProductGoalResponse, CreateProductGoalDto, UpdateProductGoalDto) {}

@ApiController('planning-cycles')
export class PlanningCycleController extends StrategyRecordRoutes('planningCycle', PlanningCycleResponse, CreatePlanningCycleDto, UpdatePlanningCycleDto) {}
