import { Inject, Injectable } from '@nestjs/common';
import { EXPERIMENT_KEY_PREFIX, ListExperimentsQuery } from '@pds/contracts';
import { Experiment, Prisma, PrismaClient } from '../generated/strategy/client';
import { RecordRepository } from '../records/record.repository';

export type NewExperiment = Omit<Prisma.ExperimentUncheckedCreateInput, 'organizationId' | 'number'>;

/** Experiments (EXP-n); every query is scoped by organization id. */
@Injectable()
export class ExperimentRepository extends RecordRepository<Experiment, ListExperimentsQuery, NewExperiment> {
  constructor(@Inject(PrismaClient) prisma: PrismaClient) {
    super(prisma, { model: (db) => db.experiment, table: 'experiments', keyPrefix: EXPERIMENT_KEY_PREFIX, filters: ['status', 'ckrId'], archivable: true });
  }
}
