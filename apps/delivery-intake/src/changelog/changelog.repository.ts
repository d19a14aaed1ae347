import { Inject, Injectable } from '@nestjs/common';
import { ChangelogStatus, CursorPosition, SortedRead } from '@pds/contracts';
import { creationOrder } from '@pds/persistence';
import { DeliveryTx } from '../common/delivery.prisma';
import { ChangelogEntry, PrismaClient } from '../generated/delivery/client';

/** What an update of an entry sets. */
export interface ChangelogChanges {
  title?: string;
  body?: string;
  workItemIds?: string[];
  status?: ChangelogStatus;
  publishedAt?: Date;
  updatedAt?: Date;
}

/** Changelog entries, oldest first; every query is scoped by organization id. */
@Injectable()
export class ChangelogRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  list(organizationId: string, status: ChangelogStatus | undefined, order: SortedRead, take: number): Promise<ChangelogEntry[]> {
    return this.prisma.changelogEntry.findMany({
      where: { organizationId, ...(status ? { status } : {}), ...creationOrder(order).where },
      orderBy: creationOrder(order).orderBy,
      take,
    });
  }

  /** Published entries, newest first (publishedAt, then id, descending), before the cursor's position. */
  listPublished(organizationId: string, before: CursorPosition | undefined, take: number): Promise<ChangelogEntry[]> {
    const at = before ? new Date(before.sortValue) : undefined;
    return this.prisma.changelogEntry.findMany({
      where: {
        organizationId,
        status: ChangelogStatus.PUBLISHED,
        ...(before && at ? { OR: [{ publishedAt: { lt: at } }, { publishedAt: at, id: { lt: before.id } }] } : {}),
      },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
      take,
    });
  }

  findPublished(organizationId: string, id: string): Promise<ChangelogEntry | null> {
    return this.prisma.changelogEntry.findFirst({ where: { organizationId, id, status: ChangelogStatus.PUBLISHED } });
  }

  find(organizationId: string, id: string, tx: DeliveryTx = this.prisma): Promise<ChangelogEntry | null> {
    return tx.changelogEntry.findFirst({ where: { organizationId, id } });
  }

  create(organizationId: string, data: { title: string; body: string; workItemIds: string[] }, tx: DeliveryTx = this.prisma): Promise<ChangelogEntry> {
    return tx.changelogEntry.create({ data: { ...data, organizationId } });
  }

  /** Changes a DRAFT entry (the status check and the write are one statement); false when it is not a draft. */
  async updateDraft(organizationId: string, id: string, data: ChangelogChanges, tx: DeliveryTx = this.prisma): Promise<boolean> {
    const { count } = await tx.changelogEntry.updateMany({ where: { organizationId, id, status: ChangelogStatus.DRAFT }, data });
    return count > 0;
  }
}
