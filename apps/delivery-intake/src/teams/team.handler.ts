import { DeliveryRecords } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { TeamService } from './team.service';

@MessageController()
export class TeamHandler extends RecordHandlers(TeamService, DeliveryRecords.team) {}
