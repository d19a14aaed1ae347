import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateLabelRequest,
  CreateTeamRequest,
  DeliverySubjects,
  LabelResponse,
  ListRequest,
  Page,
  TeamResponse,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { LabelService } from './label.service';
import { TeamService } from './team.service';

@MessageController()
export class LabelHandler {
  constructor(
    @Inject(LabelService) private readonly labels: LabelService,
    @Inject(TeamService) private readonly teams: TeamService,
  ) {}

  @MessagePattern(DeliverySubjects.labelList)
  listLabels(@Payload() { auth, query }: ListRequest): Promise<Page<LabelResponse>> {
    return this.labels.list(auth, query);
  }

  @MessagePattern(DeliverySubjects.labelCreate)
  createLabel(@Payload() { auth, body }: CreateLabelRequest): Promise<LabelResponse> {
    return this.labels.create(auth, body);
  }

  @MessagePattern(DeliverySubjects.teamList)
  listTeams(@Payload() { auth, query }: ListRequest): Promise<Page<TeamResponse>> {
    return this.teams.list(auth, query);
  }

  @MessagePattern(DeliverySubjects.teamCreate)
  createTeam(@Payload() { auth, body }: CreateTeamRequest): Promise<TeamResponse> {
    return this.teams.create(auth, body);
  }
}
