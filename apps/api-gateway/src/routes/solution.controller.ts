import { CreateSolutionDto, ListSolutionsQuery, SolutionResponse, StrategyRecords, StrategySubjects, UpdateSolutionDto } from '@pds/contracts';
import { Permission } from '@pds/auth';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes, trash } from './record-routes';

@ApiController('solutions')
export class SolutionController extends RecordRoutes(SolutionResponse, { ...StrategyRecords.solution, delete: trash(StrategySubjects.recordDelete, 'solution') }, {
  create: CreateSolutionDto,
  list: ListSolutionsQuery,
  update: UpdateSolutionDto,
  about: {
    one: 'solution',
    many: 'solutions',
    writes: Permission.StrategyWrite,
    notes: { update: 'Moving it to another opportunity reclassifies the work items below it (`work_item.updated` for each that changes).' },
  },
}) {}
