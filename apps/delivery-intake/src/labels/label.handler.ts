import { Inject, Injectable } from '@nestjs/common';
import {
  CreateLabelRequest,
  CreateTeamRequest,
  DeliverySubjects,
  LabelResponse,
  ListRequest,
  Page,
  TeamResponse,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { LabelService } from './label.service';
import { TeamService } from './team.service';

@Injectable()
export class LabelHandler {
  constructor(
    @Inject(LabelService) private readonly labels: LabelService,
    @Inject(TeamService) private readonly teams: TeamService,
  ) {}

  @HandleMessage(DeliverySubjects.labelList)
  listLabels({ auth, query }: ListRequest): Promise<Page<LabelResponse>> {
    return this.labels.list(auth, query);
  }

  @HandleMessage(DeliverySubjects.labelCreate)
  createLabel({ auth, body }: CreateLabelRequest): Promise<LabelResponse> {
    return this.labels.create(auth, body);
  }

  @HandleMessage(DeliverySubjects.teamList)
  listTeams({ auth, query }: ListRequest): Promise<Page<TeamResponse>> {
    return this.teams.list(auth, query);
  }

  @HandleMessage(DeliverySubjects.teamCreate)
  createTeam({ auth, body }: CreateTeamRequest): Promise<TeamResponse> {
    return this.teams.create(auth, body);
  }
}
