import { CreateAnnualGoalRequest, GetStrategyRecordRequest, ListStrategyRecordsRequest, StrategySubjects as S, UpdateAnnualGoalRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { AnnualGoalService } from './annual-goal.service';

@MessageController()
export class AnnualGoalHandler extends RecordHandlers(AnnualGoalService, {
  create: [S.annualGoalCreate, CreateAnnualGoalRequest],
  list: [S.annualGoalList, ListStrategyRecordsRequest],
  get: [S.annualGoalGet, GetStrategyRecordRequest],
  update: [S.annualGoalUpdate, UpdateAnnualGoalRequest],
}) {}
