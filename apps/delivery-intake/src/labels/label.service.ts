import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, ConflictError, CreateLabelDto, LabelResponse, ListQuery, Page } from '@pds/contracts';
import { keysetAfter, pageRequest, toPage } from '@pds/persistence';
import { isUniqueViolation } from '../common/unique-violation';
import { PrismaClient } from '../generated/delivery/client';

interface LabelRecord {
  id: string;
  name: string;
  color: string;
  createdAt: Date;
}

export function toLabelResponse(record: LabelRecord): LabelResponse {
  return { id: record.id, name: record.name, color: record.color, createdAt: record.createdAt.toISOString() };
}

/** Labels of an organization; names are unique per organization (409 on a repeat). */
@Injectable()
export class LabelService {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  async list(auth: AuthContext, query: ListQuery): Promise<Page<LabelResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    const rows = await this.prisma.label.findMany({
      where: { organizationId: auth.organizationId, ...keysetAfter(after) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
    });
    return toPage(rows, limit, toLabelResponse);
  }

  async create(auth: AuthContext, dto: CreateLabelDto): Promise<LabelResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    try {
      const created = await this.prisma.label.create({
        data: { organizationId: auth.organizationId, name: dto.name, color: dto.color.toLowerCase() },
      });
      return toLabelResponse(created);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`A label named ${dto.name} exists already`, { name: ['already taken'] });
      throw error;
    }
  }
}
