import { CreateSolutionDto, ListSolutionsQuery, SolutionResponse, StrategyRecords, StrategySubjects, UpdateSolutionDto } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes, trash } from './record-routes';

@ApiController('solutions')
export class SolutionController extends RecordRoutes(SolutionResponse, { ...StrategyRecords.solution, delete: trash(StrategySubjects.recordDelete, 'solution') }, { create: CreateSolutionDto, list: ListSolutionsQuery, update: UpdateSolutionDto }) {}
