import { CreateSolutionDto, ListSolutionsQuery, SolutionResponse, UpdateSolutionDto } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { StrategyRecordRoutes } from './strategy-record-routes';

@ApiController('solutions')
export class SolutionController extends StrategyRecordRoutes('solution', SolutionResponse, CreateSolutionDto, UpdateSolutionDto, ListSolutionsQuery) {}
