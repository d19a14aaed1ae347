import { DeliveryTx } from '../common/delivery.prisma';
import { Inject, Injectable } from '@nestjs/common';
import { SortedRead } from '@pds/contracts';
import { creationOrder } from '@pds/persistence';
import { unlessDuplicate } from '../common/unique-violation';
import { Label, PrismaClient } from '../generated/delivery/client';

/** Labels of an organization, oldest first; every query is scoped by organization id. */
@Injectable()
export class LabelRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  list(organizationId: string, order: SortedRead, take: number): Promise<Label[]> {
    return this.prisma.label.findMany({ where: { organizationId, ...creationOrder(order).where }, orderBy: creationOrder(order).orderBy, take });
  }

  find(organizationId: string, id: string): Promise<Label | null> {
    return this.prisma.label.findFirst({ where: { organizationId, id } });
  }

  /** The subset of `ids` that name labels of the organization. */
  async existingIds(organizationId: string, ids: string[]): Promise<string[]> {
    const rows = await this.prisma.label.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  /** Null when the organization has a label of that name already. */
  create(organizationId: string, data: { name: string; color: string }, tx: DeliveryTx = this.prisma): Promise<Label | null> {
    return unlessDuplicate(tx.label.create({ data: { ...data, organizationId } }));
  }
}
