import { DeliveryTx } from '../common/delivery.prisma';
import { Inject, Injectable } from '@nestjs/common';
import { SortedRead } from '@pds/contracts';
import { creationOrder } from '@pds/persistence';
import { unlessDuplicate } from '../common/unique-violation';
import { PrismaClient, Team } from '../generated/delivery/client';

/** Teams of an organization, oldest first; every query is scoped by organization id. */
@Injectable()
export class TeamRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  list(organizationId: string, order: SortedRead, take: number): Promise<Team[]> {
    return this.prisma.team.findMany({ where: { organizationId, ...creationOrder(order).where }, orderBy: creationOrder(order).orderBy, take });
  }

  /** Null when the organization has a team of that name already. */
  create(organizationId: string, data: { name: string }, tx: DeliveryTx = this.prisma): Promise<Team | null> {
    return unlessDuplicate(tx.team.create({ data: { ...data, organizationId } }));
  }

  find(organizationId: string, id: string): Promise<Team | null> {
    return this.prisma.team.findFirst({ where: { organizationId, id } });
  }

  /** The subset of `ids` that name teams of the organization. */
  async existingIds(organizationId: string, ids: string[]): Promise<string[]> {
    const rows = await this.prisma.team.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true } });
    return rows.map((r) => r.id);
  }
}
