import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, ConflictError, CreateTeamDto, CreationListQuery, Page, TeamResponse } from '@pds/contracts';
import { readCreationPage, requireByPathId } from '@pds/persistence';
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

  async list(auth: AuthContext, query: CreationListQuery): Promise<Page<TeamResponse>> {
    assertCan(auth, Permission.Read);
    return readCreationPage(query, (order, take) => this.teams.list(auth.organizationId, order, take), toTeamResponse);
  }

  async get(auth: AuthContext, id: string): Promise<TeamResponse> {
    assertCan(auth, Permission.Read);
    return toTeamResponse(await requireByPathId('Team', id, (uuid) => this.teams.find(auth.organizationId, uuid)));
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
