import { CreateProductGoalRequest, GetStrategyRecordRequest, ListStrategyRecordsRequest, StrategySubjects as S, UpdateProductGoalRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { ProductGoalService } from './product-goal.service';

@MessageController()
export class ProductGoalHandler extends RecordHandlers(ProductGoalService, {
  create: [S.productGoalCreate, CreateProductGoalRequest],
  list: [S.productGoalList, ListStrategyRecordsRequest],
  get: [S.productGoalGet, GetStrategyRecordRequest],
  update: [S.productGoalUpdate, UpdateProductGoalRequest],
}) {}
