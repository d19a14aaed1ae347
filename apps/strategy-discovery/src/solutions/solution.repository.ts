import { Inject, Injectable } from '@nestjs/common';
import { CursorPosition, ListSolutionsQuery } from '@pds/contracts';
import { keysetAfter } from '@pds/persistence';
import { refWhere } from '../common/record-ref';
import { CREATION_ORDER, StrategyTx } from '../common/strategy.prisma';
import { Prisma, PrismaClient, Solution } from '../generated/strategy/client';

export type NewSolution = Omit<Prisma.SolutionUncheckedCreateInput, 'organizationId'>;

/** Solutions; every query is scoped by organization id. */
@Injectable()
export class SolutionRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  async findByRef(organizationId: string, ref: string): Promise<Solution | null> {
    const where = refWhere(ref);
    return where ? this.prisma.solution.findFirst({ where: { organizationId, ...where } }) : null;
  }

  list(organizationId: string, query: ListSolutionsQuery, after: CursorPosition | undefined, take: number): Promise<Solution[]> {
    return this.prisma.solution.findMany({
      where: { organizationId, ...(query.opportunityId ? { opportunityId: query.opportunityId } : {}), ...keysetAfter(after) },
      orderBy: [...CREATION_ORDER],
      take,
    });
  }

  create(organizationId: string, data: NewSolution, tx: StrategyTx): Promise<Solution> {
    return tx.solution.create({ data: { ...data, organizationId } });
  }

  update(organizationId: string, id: string, data: Prisma.SolutionUncheckedUpdateInput, tx: StrategyTx): Promise<Solution> {
    return tx.solution.update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() } });
  }
}
