import { Inject, Injectable } from '@nestjs/common';
import { ListOpportunitiesQuery, OPPORTUNITY_KEY_PREFIX } from '@pds/contracts';
import { StrategyTx } from '../database/strategy.prisma';
import { Opportunity, Prisma, PrismaClient } from '../generated/strategy/client';
import { RecordRepository } from '../records/record.repository';

export type NewOpportunity = Omit<Prisma.OpportunityUncheckedCreateInput, 'organizationId' | 'number'>;

/** Opportunities (OPP-n); every query is scoped by organization id. */
@Injectable()
export class OpportunityRepository extends RecordRepository<Opportunity, ListOpportunitiesQuery, NewOpportunity> {
  constructor(@Inject(PrismaClient) prisma: PrismaClient) {
    super(prisma, { model: (db) => db.opportunity, table: 'opportunities', keyPrefix: OPPORTUNITY_KEY_PREFIX, filters: ['status', 'ckrId', 'productGoalId'], archivable: true });
  }

  /**
   * The opportunity created for `sourceRef`, if any, read under a transaction-scoped lock on that
   * source so that two concurrent creates for it cannot both miss it.
   */
  async lockSource(organizationId: string, sourceRef: string, tx: StrategyTx): Promise<Opportunity | null> {
    await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', `${organizationId}/opportunity/${sourceRef}`);
    return tx.opportunity.findFirst({ where: { organizationId, sourceRef } });
  }
}
