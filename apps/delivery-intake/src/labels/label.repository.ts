import { DeliveryTx } from '../common/delivery.prisma';
import { Inject, Injectable } from '@nestjs/common';
import { CursorPosition } from '@pds/contracts';
import { keysetAfter } from '@pds/persistence';
import { unlessDuplicate } from '../common/unique-violation';
import { Label, PrismaClient } from '../generated/delivery/client';

/** Labels of an organization, oldest first; every query is scoped by organization id. */
@Injectable()
export class LabelRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  list(organizationId: string, after: CursorPosition | undefined, take: number): Promise<Label[]> {
    return this.prisma.label.findMany({ where: { organizationId, ...keysetAfter(after) }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take });
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
