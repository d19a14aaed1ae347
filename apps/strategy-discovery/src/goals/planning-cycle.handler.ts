import { StrategyRecords } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { PlanningCycleService } from './planning-cycle.service';

@MessageController()
export class PlanningCycleHandler extends RecordHandlers(PlanningCycleService, StrategyRecords.planningCycle) {}
