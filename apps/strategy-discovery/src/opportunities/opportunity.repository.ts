import { Inject, Injectable } from '@nestjs/common';
import { CursorPosition, ListOpportunitiesQuery, OPPORTUNITY_KEY_PREFIX } from '@pds/contracts';
import { keysetAfter, nextKeyNumber } from '@pds/persistence';
import { refWhere } from '../common/record-ref';
import { CREATION_ORDER, STRATEGY_SCHEMA, StrategyTx, inTransaction, lockStatus } from '../common/strategy.prisma';
import { Opportunity, Prisma, PrismaClient } from '../generated/strategy/client';

export type NewOpportunity = Omit<Prisma.OpportunityUncheckedCreateInput, 'organizationId' | 'number'>;

/** Opportunities; every query is scoped by organization id. */
@Injectable()
export class OpportunityRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  transaction<T>(fn: (tx: StrategyTx) => Promise<T>): Promise<T> {
    return inTransaction(this.prisma, fn);
  }

  async findByRef(organizationId: string, ref: string): Promise<Opportunity | null> {
    const where = refWhere(ref, OPPORTUNITY_KEY_PREFIX);
    return where ? this.prisma.opportunity.findFirst({ where: { organizationId, ...where } }) : null;
  }

  list(organizationId: string, query: ListOpportunitiesQuery, after: CursorPosition | undefined, take: number): Promise<Opportunity[]> {
    return this.prisma.opportunity.findMany({
      where: {
        organizationId,
        ...(query.status?.length ? { status: { in: query.status } } : {}),
        ...(query.ckrId ? { ckrId: query.ckrId } : {}),
        ...(query.productGoalId ? { productGoalId: query.productGoalId } : {}),
        ...keysetAfter(after),
      },
      orderBy: [...CREATION_ORDER],
      take,
    });
  }

  /** Takes the next OPP-n of the organization inside the caller's transaction. */
  async create(tx: StrategyTx, organizationId: string, data: NewOpportunity): Promise<Opportunity> {
    const number = await nextKeyNumber(tx, STRATEGY_SCHEMA, organizationId, OPPORTUNITY_KEY_PREFIX);
    return tx.opportunity.create({ data: { ...data, organizationId, number } });
  }

  update(tx: StrategyTx, organizationId: string, id: string, data: Prisma.OpportunityUncheckedUpdateInput): Promise<Opportunity> {
    return tx.opportunity.update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() } });
  }

  lockStatus(tx: StrategyTx, organizationId: string, id: string): Promise<string | null> {
    return lockStatus(tx, 'opportunities', organizationId, id);
  }
}
