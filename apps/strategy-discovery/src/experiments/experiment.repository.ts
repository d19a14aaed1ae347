import { Inject, Injectable } from '@nestjs/common';
import { CursorPosition, EXPERIMENT_KEY_PREFIX, ListExperimentsQuery } from '@pds/contracts';
import { keysetAfter, nextKeyNumber } from '@pds/persistence';
import { refWhere } from '../common/record-ref';
import { CREATION_ORDER, STRATEGY_SCHEMA, StrategyTx, inTransaction, lockStatus } from '../common/strategy.prisma';
import { Experiment, Prisma, PrismaClient } from '../generated/strategy/client';

export type NewExperiment = Omit<Prisma.ExperimentUncheckedCreateInput, 'organizationId' | 'number'>;

/** Experiments; every query is scoped by organization id. */
@Injectable()
export class ExperimentRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  transaction<T>(fn: (tx: StrategyTx) => Promise<T>): Promise<T> {
    return inTransaction(this.prisma, fn);
  }

  async findByRef(organizationId: string, ref: string): Promise<Experiment | null> {
    const where = refWhere(ref, EXPERIMENT_KEY_PREFIX);
    return where ? this.prisma.experiment.findFirst({ where: { organizationId, ...where } }) : null;
  }

  list(organizationId: string, query: ListExperimentsQuery, after: CursorPosition | undefined, take: number): Promise<Experiment[]> {
    return this.prisma.experiment.findMany({
      where: {
        organizationId,
        ...(query.status?.length ? { status: { in: query.status } } : {}),
        ...(query.ckrId ? { ckrId: query.ckrId } : {}),
        ...keysetAfter(after),
      },
      orderBy: [...CREATION_ORDER],
      take,
    });
  }

  /** Takes the next EXP-n of the organization inside the caller's transaction. */
  async create(tx: StrategyTx, organizationId: string, data: NewExperiment): Promise<Experiment> {
    const number = await nextKeyNumber(tx, STRATEGY_SCHEMA, organizationId, EXPERIMENT_KEY_PREFIX);
    return tx.experiment.create({ data: { ...data, organizationId, number } });
  }

  update(tx: StrategyTx, organizationId: string, id: string, data: Prisma.ExperimentUncheckedUpdateInput): Promise<Experiment> {
    return tx.experiment.update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() } });
  }

  lockStatus(tx: StrategyTx, organizationId: string, id: string): Promise<string | null> {
    return lockStatus(tx, 'experiments', organizationId, id);
  }
}
