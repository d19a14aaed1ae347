import { Inject, Injectable } from '@nestjs/common';
import { EXPERIMENT_KEY_PREFIX, ListExperimentsQuery } from '@pds/contracts';
import { KeyedRecordRepository } from '../records/keyed-record.repository';
import { lockStatus } from '../references/strategy-lookup.repository';
import { StrategyTx } from '../database/strategy.prisma';
import { Experiment, Prisma, PrismaClient } from '../generated/strategy/client';

export type NewExperiment = Omit<Prisma.ExperimentUncheckedCreateInput, 'organizationId' | 'number'>;

/** Experiments (EXP-n); every query is scoped by organization id. */
@Injectable()
export class ExperimentRepository extends KeyedRecordRepository<Experiment, ListExperimentsQuery, NewExperiment> {
  constructor(@Inject(PrismaClient) prisma: PrismaClient) {
    super(prisma, (db) => db.experiment, EXPERIMENT_KEY_PREFIX);
  }

  protected filters(query: ListExperimentsQuery): object {
    return {
      ...(query.status?.length ? { status: { in: query.status } } : {}),
      ...(query.ckrId ? { ckrId: query.ckrId } : {}),
    };
  }

  lockStatus(organizationId: string, id: string, tx: StrategyTx): Promise<string | null> {
    return lockStatus(organizationId, 'experiments', id, tx);
  }
}
