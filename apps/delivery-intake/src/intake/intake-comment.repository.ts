import { DeliveryTx } from '../common/delivery.prisma';
import { Inject, Injectable } from '@nestjs/common';
import { CursorPosition } from '@pds/contracts';
import { keysetAfter } from '@pds/persistence';
import { IntakeComment, PrismaClient } from '../generated/delivery/client';

/** Comments on intake submissions, oldest first; every query is scoped by organization id. */
@Injectable()
export class IntakeCommentRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  list(organizationId: string, submissionId: string, after: CursorPosition | undefined, take: number): Promise<IntakeComment[]> {
    return this.prisma.intakeComment.findMany({
      where: { organizationId, submissionId, ...keysetAfter(after) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take,
    });
  }

  create(organizationId: string, data: { submissionId: string; authorId: string; body: string }, tx: DeliveryTx = this.prisma): Promise<IntakeComment> {
    return tx.intakeComment.create({ data: { ...data, organizationId } });
  }
}
