import { DeliveryTx } from '../common/delivery.prisma';
import { Inject, Injectable } from '@nestjs/common';
import { SortedRead } from '@pds/contracts';
import { creationOrder } from '@pds/persistence';
import { Comment, PrismaClient } from '../generated/delivery/client';

/** Comments on work items, oldest first; every query is scoped by organization id. */
@Injectable()
export class CommentRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  list(organizationId: string, workItemId: string, order: SortedRead, take: number): Promise<Comment[]> {
    return this.prisma.comment.findMany({
      where: { organizationId, workItemId, ...creationOrder(order).where },
      orderBy: creationOrder(order).orderBy,
      take,
    });
  }

  find(organizationId: string, workItemId: string, id: string): Promise<Comment | null> {
    return this.prisma.comment.findFirst({ where: { organizationId, workItemId, id } });
  }

  create(organizationId: string, data: { workItemId: string; authorId: string; body: string; mentionedUserIds: string[] }, tx: DeliveryTx = this.prisma): Promise<Comment> {
    return tx.comment.create({ data: { ...data, organizationId } });
  }

  update(organizationId: string, id: string, data: { body?: string; mentionedUserIds?: string[]; updatedAt: Date }, tx: DeliveryTx = this.prisma): Promise<Comment> {
    return tx.comment.update({ where: { id, organizationId }, data });
  }

  async remove(organizationId: string, id: string, tx: DeliveryTx = this.prisma): Promise<void> {
    await tx.comment.deleteMany({ where: { organizationId, id } });
  }
}
