import { CreateSolutionDto, ListSolutionsQuery, SolutionResponse, StrategySubjects as S, UpdateSolutionDto } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('solutions')
export class SolutionController extends RecordRoutes(SolutionResponse, {
  create: [S.solutionCreate, CreateSolutionDto],
  list: [S.solutionList, ListSolutionsQuery],
  get: [S.solutionGet],
  update: [S.solutionUpdate, UpdateSolutionDto],
}) {}
