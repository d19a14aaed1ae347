import { CreateSprintDto, DeliveryRecords, ListSprintsQuery, SprintResponse, UpdateSprintDto } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('sprints')
export class SprintController extends RecordRoutes(SprintResponse, DeliveryRecords.sprint, { list: ListSprintsQuery, create: CreateSprintDto, update: UpdateSprintDto }) {}
