import { CreateSolutionDto, ListSolutionsQuery, SolutionResponse, StrategyRecords, UpdateSolutionDto } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('solutions')
export class SolutionController extends RecordRoutes(SolutionResponse, StrategyRecords.solution, { create: CreateSolutionDto, list: ListSolutionsQuery, update: UpdateSolutionDto }) {}
