import { CreateSprintDto, DeliveryRecords, DeliverySubjects, ListSprintsQuery, SprintResponse, UpdateSprintDto } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes, trash } from './record-routes';

@ApiController('sprints')
export class SprintController extends RecordRoutes(SprintResponse, { ...DeliveryRecords.sprint, delete: trash(DeliverySubjects.recordDelete, 'sprint') }, { list: ListSprintsQuery, create: CreateSprintDto, update: UpdateSprintDto }) {}
