import {
  AnnualGoalResponse,
  CreateAnnualGoalDto,
  CreatePlanningCycleDto,
  CreateProductGoalDto,
  ListQuery,
  PlanningCycleResponse,
  ProductGoalResponse,
  StrategyRecords as R,
  StrategySubjects,
  UpdateAnnualGoalDto,
  UpdatePlanningCycleDto,
  UpdateProductGoalDto,
} from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes, trash } from './record-routes';

@ApiController('annual-goals')
export class AnnualGoalController extends RecordRoutes(AnnualGoalResponse, { ...R.annualGoal, delete: trash(StrategySubjects.recordDelete, 'annual_goal') }, { create: CreateAnnualGoalDto, list: ListQuery, update: UpdateAnnualGoalDto }) {}

@ApiController('product-goals')
export class ProductGoalController extends RecordRoutes(ProductGoalResponse, { ...R.productGoal, delete: trash(StrategySubjects.recordDelete, 'product_goal') }, { create: CreateProductGoalDto, list: ListQuery, update: UpdateProductGoalDto }) {}

@ApiController('planning-cycles')
export class PlanningCycleController extends RecordRoutes(PlanningCycleResponse, { ...R.planningCycle, delete: trash(StrategySubjects.recordDelete, 'planning_cycle') }, { create: CreatePlanningCycleDto, list: ListQuery, update: UpdatePlanningCycleDto }) {}
