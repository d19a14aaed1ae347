import { CreateSprintDto, DeliveryRecords, DeliverySubjects, ListSprintsQuery, SprintResponse, UpdateSprintDto } from '@pds/contracts';
import { Permission } from '@pds/auth';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes, trash } from './record-routes';

@ApiController('sprints')
export class SprintController extends RecordRoutes(SprintResponse, { ...DeliveryRecords.sprint, delete: trash(DeliverySubjects.recordDelete, 'sprint') }, {
  list: ListSprintsQuery,
  create: CreateSprintDto,
  update: UpdateSprintDto,
  about: {
    one: 'sprint',
    many: 'sprints',
    writes: Permission.DeliveryWrite,
    notes: { update: "Completing a sprint moves its unfinished work items to the team's next planned sprint, or to the backlog, and counts the carry-over on each (`carryOverCount`; `work_item.updated` for each)." },
  },
}) {}
