import {
  AnnualGoalResponse,
  CreateAnnualGoalDto,
  CreatePlanningCycleDto,
  CreateProductGoalDto,
  ListQuery,
  PlanningCycleResponse,
  ProductGoalResponse,
  StrategySubjects as S,
  UpdateAnnualGoalDto,
  UpdatePlanningCycleDto,
  UpdateProductGoalDto,
} from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('annual-goals')
export class AnnualGoalController extends RecordRoutes(AnnualGoalResponse, {
  create: [S.annualGoalCreate, CreateAnnualGoalDto],
  list: [S.annualGoalList, ListQuery],
  get: [S.annualGoalGet],
  update: [S.annualGoalUpdate, UpdateAnnualGoalDto],
}) {}

@ApiController('product-goals')
export class ProductGoalController extends RecordRoutes(ProductGoalResponse, {
  create: [S.productGoalCreate, CreateProductGoalDto],
  list: [S.productGoalList, ListQuery],
  get: [S.productGoalGet],
  update: [S.productGoalUpdate, UpdateProductGoalDto],
}) {}

@ApiController('planning-cycles')
export class PlanningCycleController extends RecordRoutes(PlanningCycleResponse, {
  create: [S.planningCycleCreate, CreatePlanningCycleDto],
  list: [S.planningCycleList, ListQuery],
  get: [S.planningCycleGet],
  update: [S.planningCycleUpdate, UpdatePlanningCycleDto],
}) {}
