import { Provider } from '@nestjs/common';
import { DATABASE, Database } from '@pds/persistence';
import { Prisma, PrismaClient } from '../generated/strategy/client';

export const STRATEGY_SCHEMA = 'strategy';

export type StrategyTx = Prisma.TransactionClient;

export const strategyPrismaProvider: Provider = {
  provide: PrismaClient,
  useFactory: (db: Database) => new PrismaClient({ adapter: db.adapter }),
  inject: [DATABASE],
};

export function inTransaction<T>(prisma: PrismaClient, fn: (tx: StrategyTx) => Promise<T>): Promise<T> {
  return prisma.$transaction(fn, { maxWait: 10_000, timeout: 20_000 });
}
