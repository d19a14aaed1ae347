import { Inject, Injectable } from '@nestjs/common';
import { CursorPosition, ListOpportunitiesQuery, OPPORTUNITY_KEY_PREFIX } from '@pds/contracts';
import { keysetAfter, nextKeyNumber } from '@pds/persistence';
import { refWhere } from '../common/record-ref';
import { lockStatus } from '../common/strategy-lookup.repository';
import { CREATION_ORDER, STRATEGY_SCHEMA, StrategyTx } from '../common/strategy.prisma';
import { Opportunity, Prisma, PrismaClient } from '../generated/strategy/client';

export type NewOpportunity = Omit<Prisma.OpportunityUncheckedCreateInput, 'organizationId' | 'number'>;

/** Opportunities; every query is scoped by organization id. */
@Injectable()
export class OpportunityRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

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
  async create(organizationId: string, data: NewOpportunity, tx: StrategyTx): Promise<Opportunity> {
    const number = await nextKeyNumber(tx, STRATEGY_SCHEMA, organizationId, OPPORTUNITY_KEY_PREFIX);
    return tx.opportunity.create({ data: { ...data, organizationId, number } });
  }

  /**
   * The opportunity created for `sourceRef`, if any, read under a transaction-scoped lock on that
   * source so that two concurrent creates for it cannot both miss it.
   */
  async lockSource(organizationId: string, sourceRef: string, tx: StrategyTx): Promise<Opportunity | null> {
    await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', `${organizationId}/opportunity/${sourceRef}`);
    return tx.opportunity.findFirst({ where: { organizationId, sourceRef } });
  }

  update(organizationId: string, id: string, data: Prisma.OpportunityUncheckedUpdateInput, tx: StrategyTx): Promise<Opportunity> {
    return tx.opportunity.update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() } });
  }

  lockStatus(organizationId: string, id: string, tx: StrategyTx): Promise<string | null> {
    return lockStatus(organizationId, 'opportunities', id, tx);
  }
}
