import { Inject, Injectable } from '@nestjs/common';
import { ArchivedFilter, EXPERIMENT_KEY_PREFIX, ListExperimentsQuery } from '@pds/contracts';
import { archivedWhere } from '@pds/persistence';
import { Experiment, Prisma, PrismaClient } from '../generated/strategy/client';
import { RecordRepository } from '../records/record.repository';

export type NewExperiment = Omit<Prisma.ExperimentUncheckedCreateInput, 'organizationId' | 'number'>;

/** Experiments (EXP-n); every query is scoped by organization id. */
@Injectable()
export class ExperimentRepository extends RecordRepository<Experiment, ListExperimentsQuery, NewExperiment> {
  constructor(@Inject(PrismaClient) private readonly db: PrismaClient) {
    super(db, { model: (client) => client.experiment, table: 'experiments', keyPrefix: EXPERIMENT_KEY_PREFIX, filters: ['status', 'ckrId'], archivable: true });
  }

  /** The live, unarchived experiments of these solutions, oldest first: the discovery walk's experiments. */
  forSolutions(organizationId: string, solutionIds: readonly string[], take: number): Promise<Experiment[]> {
    return this.db.experiment.findMany({
      where: { organizationId, solutionId: { in: [...solutionIds] }, ...archivedWhere(ArchivedFilter.exclude) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take,
    });
  }
}
