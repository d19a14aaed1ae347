import { Inject, Injectable } from '@nestjs/common';
import { CursorPosition, EXPERIMENT_KEY_PREFIX, ListExperimentsQuery } from '@pds/contracts';
import { keysetAfter, nextKeyNumber } from '@pds/persistence';
import { refWhere } from '../common/record-ref';
import { lockStatus } from '../common/strategy-lookup.repository';
import { CREATION_ORDER, STRATEGY_SCHEMA, StrategyTx } from '../common/strategy.prisma';
import { Experiment, Prisma, PrismaClient } from '../generated/strategy/client';

export type NewExperiment = Omit<Prisma.ExperimentUncheckedCreateInput, 'organizationId' | 'number'>;

/** Experiments; every query is scoped by organization id. */
@Injectable()
export class ExperimentRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

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
  async create(organizationId: string, data: NewExperiment, tx: StrategyTx): Promise<Experiment> {
    const number = await nextKeyNumber(tx, STRATEGY_SCHEMA, organizationId, EXPERIMENT_KEY_PREFIX);
    return tx.experiment.create({ data: { ...data, organizationId, number } });
  }

  update(organizationId: string, id: string, data: Prisma.ExperimentUncheckedUpdateInput, tx: StrategyTx): Promise<Experiment> {
    return tx.experiment.update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() } });
  }

  lockStatus(organizationId: string, id: string, tx: StrategyTx): Promise<string | null> {
    return lockStatus(organizationId, 'experiments', id, tx);
  }
}
