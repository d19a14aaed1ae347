import { CreateLabelDto, CreateTeamDto, CreationListQuery, DeliveryRecords, DeliverySubjects, LabelResponse, TeamResponse } from '@pds/contracts';
import { Permission } from '@pds/auth';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes, trash } from './record-routes';

@ApiController('labels')
export class LabelController extends RecordRoutes(LabelResponse, { ...DeliveryRecords.label, delete: trash(DeliverySubjects.recordDelete, 'label') }, { list: CreationListQuery, create: CreateLabelDto, about: { one: 'label', many: 'labels', writes: Permission.DeliveryWrite } }) {}

@ApiController('teams')
export class TeamController extends RecordRoutes(TeamResponse, { ...DeliveryRecords.team, delete: trash(DeliverySubjects.recordDelete, 'team') }, { list: CreationListQuery, create: CreateTeamDto, about: { one: 'team', many: 'teams', writes: Permission.DeliveryWrite } }) {}
