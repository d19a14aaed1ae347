import { prismaClientProvider } from '@pds/persistence';
import { Prisma, PrismaClient } from '../generated/strategy/client';

export const STRATEGY_SCHEMA = 'strategy';

/** The Prisma client of one strategy transaction (see StrategyOutbox). */
export type StrategyTx = Prisma.TransactionClient;

export const strategyPrismaProvider = prismaClientProvider(PrismaClient);
