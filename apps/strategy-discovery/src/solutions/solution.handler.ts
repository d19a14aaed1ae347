import { CreateSolutionRequest, ListSolutionsRequest, UpdateSolutionRequest } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategyRecordHandlers } from '../common/strategy-record.handler';
import { SolutionService } from './solution.service';

@MessageController()
export class SolutionHandler extends StrategyRecordHandlers(SolutionService, 'solution', {
  create: CreateSolutionRequest,
  list: ListSolutionsRequest,
  update: UpdateSolutionRequest,
}) {}
