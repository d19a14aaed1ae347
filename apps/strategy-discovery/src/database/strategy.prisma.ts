import { prismaClientProvider } from '@pds/persistence';
import { Prisma, PrismaClient } from '../generated/strategy/client';

export const STRATEGY_SCHEMA = 'strategy';

/** The Prisma client of one strategy transaction (see StrategyOutbox). */
export type StrategyTx = Prisma.TransactionClient;

/** The models whose records go to the trash: every Prisma call leaves their deleted rows out. */
export const STRATEGY_SOFT_DELETED = ['AnnualGoal', 'ProductGoal', 'PlanningCycle', 'Ckr', 'Opportunity', 'Solution', 'Experiment', 'Interview', 'Insight'] as const;

export const strategyPrismaProvider = prismaClientProvider(PrismaClient, STRATEGY_SOFT_DELETED);

/** Default list order: creation time, then id (the keyset of `toPage`). */
export const CREATION_ORDER = [{ createdAt: 'asc' }, { id: 'asc' }] as const;
