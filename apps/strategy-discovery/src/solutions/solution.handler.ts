import { CreateSolutionRequest, GetStrategyRecordRequest, ListSolutionsRequest, StrategySubjects as S, UpdateSolutionRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { SolutionService } from './solution.service';

@MessageController()
export class SolutionHandler extends RecordHandlers(SolutionService, {
  create: [S.solutionCreate, CreateSolutionRequest],
  list: [S.solutionList, ListSolutionsRequest],
  get: [S.solutionGet, GetStrategyRecordRequest],
  update: [S.solutionUpdate, UpdateSolutionRequest],
}) {}
