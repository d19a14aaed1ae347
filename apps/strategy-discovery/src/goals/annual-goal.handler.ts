import { StrategyRecords } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { AnnualGoalService } from './annual-goal.service';

@MessageController()
export class AnnualGoalHandler extends RecordHandlers(AnnualGoalService, StrategyRecords.annualGoal) {}
