import { Inject, Injectable } from '@nestjs/common';
import { CursorPosition, ListSolutionsQuery } from '@pds/contracts';
import { keysetAfter } from '@pds/persistence';
import { refWhere } from '../common/record-ref';
import { CREATION_ORDER, StrategyTx, inTransaction } from '../common/strategy.prisma';
import { Prisma, PrismaClient, Solution } from '../generated/strategy/client';

export type NewSolution = Omit<Prisma.SolutionUncheckedCreateInput, 'organizationId'>;

/** Solutions; every query is scoped by organization id. */
@Injectable()
export class SolutionRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  transaction<T>(fn: (tx: StrategyTx) => Promise<T>): Promise<T> {
    return inTransaction(this.prisma, fn);
  }

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

  create(tx: StrategyTx, organizationId: string, data: NewSolution): Promise<Solution> {
    return tx.solution.create({ data: { ...data, organizationId } });
  }

  update(tx: StrategyTx, organizationId: string, id: string, data: Prisma.SolutionUncheckedUpdateInput): Promise<Solution> {
    return tx.solution.update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() } });
  }
}
