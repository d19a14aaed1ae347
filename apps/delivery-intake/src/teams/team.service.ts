import { Inject, Injectable } from '@nestjs/common';
import { CreateTeamDto, TeamResponse } from '@pds/contracts';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { NamedRecordService } from '../named-records/named-records.service';
import { Team } from '../generated/delivery/client';
import { TeamRepository } from './team.repository';

export function toTeamResponse(record: { id: string; name: string; createdAt: Date }): TeamResponse {
  return { id: record.id, name: record.name, createdAt: record.createdAt.toISOString() };
}

/** Teams own sprints; names are unique per organization (409 on a repeat). */
@Injectable()
export class TeamService extends NamedRecordService<Team, CreateTeamDto, { name: string }, TeamResponse> {
  constructor(@Inject(TeamRepository) teams: TeamRepository, @Inject(DeliveryOutbox) outbox: DeliveryOutbox) {
    super(teams, outbox, 'team', toTeamResponse);
  }

  protected valuesOf(body: CreateTeamDto): { name: string } {
    return { name: body.name };
  }
}
