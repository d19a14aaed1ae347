import { CreateLabelRequest, CreateTeamRequest, DeliverySubjects as D, ListRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { LabelService } from './label.service';
import { TeamService } from './team.service';

@MessageController()
export class LabelHandler extends RecordHandlers(LabelService, {
  list: [D.labelList, ListRequest],
  create: [D.labelCreate, CreateLabelRequest],
}) {}

@MessageController()
export class TeamHandler extends RecordHandlers(TeamService, {
  list: [D.teamList, ListRequest],
  create: [D.teamCreate, CreateTeamRequest],
}) {}
