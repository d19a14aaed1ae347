import { CreateLabelDto, CreateTeamDto, DeliverySubjects, LabelResponse, ListQuery, TeamResponse } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('labels')
export class LabelController extends RecordRoutes(LabelResponse, {
  list: [DeliverySubjects.labelList, ListQuery],
  create: [DeliverySubjects.labelCreate, CreateLabelDto],
}) {}

@ApiController('teams')
export class TeamController extends RecordRoutes(TeamResponse, {
  list: [DeliverySubjects.teamList, ListQuery],
  create: [DeliverySubjects.teamCreate, CreateTeamDto],
}) {}
