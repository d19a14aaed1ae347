import { CreateTeamRequest, DeliverySubjects as D, ListRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { TeamService } from './team.service';

@MessageController()
export class TeamHandler extends RecordHandlers(TeamService, {
  list: [D.teamList, ListRequest],
  create: [D.teamCreate, CreateTeamRequest],
}) {}
