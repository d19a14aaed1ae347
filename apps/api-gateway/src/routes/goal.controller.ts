import { Permission } from '@pds/auth';
import {
  AnnualGoalResponse,
  ArchivableRecordListQuery,
  CreateAnnualGoalDto,
  CreatePlanningCycleDto,
  CreateProductGoalDto,
  RecordListQuery,
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
export class AnnualGoalController extends RecordRoutes(AnnualGoalResponse, { ...R.annualGoal, delete: trash(StrategySubjects.recordDelete, 'annual_goal') }, { create: CreateAnnualGoalDto, list: ArchivableRecordListQuery, update: UpdateAnnualGoalDto, about: { one: 'annual goal', many: 'annual goals', writes: Permission.StrategyWrite } }) {}

@ApiController('product-goals')
export class ProductGoalController extends RecordRoutes(ProductGoalResponse, { ...R.productGoal, delete: trash(StrategySubjects.recordDelete, 'product_goal') }, { create: CreateProductGoalDto, list: ArchivableRecordListQuery, update: UpdateProductGoalDto, about: { one: 'product goal', many: 'product goals', writes: Permission.StrategyWrite } }) {}

@ApiController('planning-cycles')
export class PlanningCycleController extends RecordRoutes(PlanningCycleResponse, { ...R.planningCycle, delete: trash(StrategySubjects.recordDelete, 'planning_cycle') }, { create: CreatePlanningCycleDto, list: RecordListQuery, update: UpdatePlanningCycleDto, about: { one: 'planning cycle', many: 'planning cycles', writes: Permission.StrategyWrite } }) {}
