import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, ConflictError, CreateTeamDto, ListQuery, Page, TeamResponse } from '@pds/contracts';
import { keysetAfter, pageRequest, toPage } from '@pds/persistence';
import { isUniqueViolation } from '../common/unique-violation';
import { PrismaClient } from '../generated/delivery/client';

export function toTeamResponse(record: { id: string; name: string; createdAt: Date }): TeamResponse {
  return { id: record.id, name: record.name, createdAt: record.createdAt.toISOString() };
}

/** Teams own sprints; names are unique per organization (409 on a repeat). */
@Injectable()
export class TeamService {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  async list(auth: AuthContext, query: ListQuery): Promise<Page<TeamResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    const rows = await this.prisma.team.findMany({
      where: { organizationId: auth.organizationId, ...keysetAfter(after) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
    });
    return toPage(rows, limit, toTeamResponse);
  }

  async create(auth: AuthContext, dto: CreateTeamDto): Promise<TeamResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    try {
      return toTeamResponse(await this.prisma.team.create({ data: { organizationId: auth.organizationId, name: dto.name } }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`A team named ${dto.name} exists already`, { name: ['already taken'] });
      throw error;
    }
  }
}
