import { CreateLabelDto, CreateTeamDto, DeliveryRecords, LabelResponse, CreationListQuery, TeamResponse } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('labels')
export class LabelController extends RecordRoutes(LabelResponse, DeliveryRecords.label, { list: CreationListQuery, create: CreateLabelDto }) {}

@ApiController('teams')
export class TeamController extends RecordRoutes(TeamResponse, DeliveryRecords.team, { list: CreationListQuery, create: CreateTeamDto }) {}
