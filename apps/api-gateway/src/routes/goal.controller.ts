import {
  AnnualGoalResponse,
  CreateAnnualGoalDto,
  CreatePlanningCycleDto,
  CreateProductGoalDto,
  RecordListQuery,
  PlanningCycleResponse,
  ProductGoalResponse,
  StrategyRecords as R,
  UpdateAnnualGoalDto,
  UpdatePlanningCycleDto,
  UpdateProductGoalDto,
} from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('annual-goals')
export class AnnualGoalController extends RecordRoutes(AnnualGoalResponse, R.annualGoal, { create: CreateAnnualGoalDto, list: RecordListQuery, update: UpdateAnnualGoalDto }) {}

@ApiController('product-goals')
export class ProductGoalController extends RecordRoutes(ProductGoalResponse, R.productGoal, { create: CreateProductGoalDto, list: RecordListQuery, update: UpdateProductGoalDto }) {}

@ApiController('planning-cycles')
export class PlanningCycleController extends RecordRoutes(PlanningCycleResponse, R.planningCycle, { create: CreatePlanningCycleDto, list: RecordListQuery, update: UpdatePlanningCycleDto }) {}
