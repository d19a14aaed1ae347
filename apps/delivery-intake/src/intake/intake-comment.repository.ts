import { DeliveryTx } from '../common/delivery.prisma';
import { Inject, Injectable } from '@nestjs/common';
import { SortedRead } from '@pds/contracts';
import { creationOrder } from '@pds/persistence';
import { IntakeComment, PrismaClient } from '../generated/delivery/client';

/** Comments on intake submissions, oldest first; every query is scoped by organization id. */
@Injectable()
export class IntakeCommentRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  list(organizationId: string, submissionId: string, order: SortedRead, take: number): Promise<IntakeComment[]> {
    return this.prisma.intakeComment.findMany({
      where: { organizationId, submissionId, ...creationOrder(order).where },
      orderBy: creationOrder(order).orderBy,
      take,
    });
  }

  create(organizationId: string, data: { submissionId: string; authorId: string; body: string }, tx: DeliveryTx = this.prisma): Promise<IntakeComment> {
    return tx.intakeComment.create({ data: { ...data, organizationId } });
  }
}
