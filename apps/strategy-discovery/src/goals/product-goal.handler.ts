import { StrategyRecords } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { ProductGoalService } from './product-goal.service';

@MessageController()
export class ProductGoalHandler extends RecordHandlers(ProductGoalService, StrategyRecords.productGoal) {}
