import { CreatePlanningCycleRequest, GetStrategyRecordRequest, ListStrategyRecordsRequest, StrategySubjects as S, UpdatePlanningCycleRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { PlanningCycleService } from './planning-cycle.service';

@MessageController()
export class PlanningCycleHandler extends RecordHandlers(PlanningCycleService, {
  create: [S.planningCycleCreate, CreatePlanningCycleRequest],
  list: [S.planningCycleList, ListStrategyRecordsRequest],
  get: [S.planningCycleGet, GetStrategyRecordRequest],
  update: [S.planningCycleUpdate, UpdatePlanningCycleRequest],
}) {}
