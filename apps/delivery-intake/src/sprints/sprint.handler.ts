import { CreateSprintRequest, DeliverySubjects as D, GetSprintRequest, ListSprintsRequest, UpdateSprintRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { SprintService } from './sprint.service';

@MessageController()
export class SprintHandler extends RecordHandlers(SprintService, {
  list: [D.sprintList, ListSprintsRequest],
  create: [D.sprintCreate, CreateSprintRequest],
  get: [D.sprintGet, GetSprintRequest],
  update: [D.sprintUpdate, UpdateSprintRequest],
}) {}
