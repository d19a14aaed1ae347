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

/**
 * Locks one row of the organization until the transaction ends and returns its status (null: no
 * such row). Status checks made under this lock cannot race a concurrent change.
 */
export async function lockStatus(tx: StrategyTx, table: 'opportunities' | 'experiments', organizationId: string, id: string): Promise<string | null> {
  const rows = await tx.$queryRawUnsafe<{ status: string }[]>(
    `SELECT status FROM "${STRATEGY_SCHEMA}"."${table}" WHERE id = $1::uuid AND organization_id = $2::uuid FOR UPDATE`,
    id,
    organizationId,
  );
  return rows[0]?.status ?? null;
}

/** Default list order: creation time, then id (the keyset of `toPage`). */
export const CREATION_ORDER = [{ createdAt: 'asc' }, { id: 'asc' }] as const;
