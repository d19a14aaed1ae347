import { CreateLabelDto, CreateTeamDto, DeliveryRecords, DeliverySubjects, LabelResponse, ListQuery, TeamResponse } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes, trash } from './record-routes';

@ApiController('labels')
export class LabelController extends RecordRoutes(LabelResponse, { ...DeliveryRecords.label, delete: trash(DeliverySubjects.recordDelete, 'label') }, { list: ListQuery, create: CreateLabelDto }) {}

@ApiController('teams')
export class TeamController extends RecordRoutes(TeamResponse, { ...DeliveryRecords.team, delete: trash(DeliverySubjects.recordDelete, 'team') }, { list: ListQuery, create: CreateTeamDto }) {}
