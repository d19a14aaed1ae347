import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, ConflictError, CreateTeamDto, ListQuery, Page, TeamResponse } from '@pds/contracts';
import { readPage } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { TeamRepository } from './team.repository';

export function toTeamResponse(record: { id: string; name: string; createdAt: Date }): TeamResponse {
  return { id: record.id, name: record.name, createdAt: record.createdAt.toISOString() };
}

/** Teams own sprints; names are unique per organization (409 on a repeat). */
@Injectable()
export class TeamService {
  constructor(
    @Inject(TeamRepository) private readonly teams: TeamRepository,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async list(auth: AuthContext, query: ListQuery): Promise<Page<TeamResponse>> {
    assertCan(auth, Permission.Read);
    return readPage(query, (after, take) => this.teams.list(auth.organizationId, after, take), toTeamResponse);
  }

  async create(auth: AuthContext, dto: CreateTeamDto): Promise<TeamResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    return this.outbox.transaction(async (tx, events) => {
      const created = await this.teams.create(auth.organizationId, dto.name, tx);
      if (!created) throw new ConflictError(`A team named ${dto.name} exists already`, { name: ['already taken'] });
      events.audit(auth, { action: 'created', record: { type: 'team', id: created.id }, changes: { name: { from: null, to: created.name } } });
      return toTeamResponse(created);
    });
  }
}
