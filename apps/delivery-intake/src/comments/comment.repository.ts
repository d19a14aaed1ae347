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

  create(organizationId: string, data: { workItemId: string; authorId: string; body: string; mentionedUserIds: string[] }): Promise<Comment> {
    return this.prisma.comment.create({ data: { ...data, organizationId } });
  }

  update(organizationId: string, id: string, data: { body?: string; mentionedUserIds?: string[]; updatedAt: Date }): Promise<Comment> {
    return this.prisma.comment.update({ where: { id, organizationId }, data });
  }

  async remove(organizationId: string, id: string): Promise<void> {
    await this.prisma.comment.deleteMany({ where: { organizationId, id } });
  }
}
