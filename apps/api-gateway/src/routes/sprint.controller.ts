import { CreateSprintDto, DeliverySubjects, ListSprintsQuery, SprintResponse, UpdateSprintDto } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('sprints')
export class SprintController extends RecordRoutes(SprintResponse, {
  list: [DeliverySubjects.sprintList, ListSprintsQuery],
  create: [DeliverySubjects.sprintCreate, CreateSprintDto],
  get: [DeliverySubjects.sprintGet],
  update: [DeliverySubjects.sprintUpdate, UpdateSprintDto],
}) {}
