import { Inject, Injectable } from '@nestjs/common';
import { ListSolutionsQuery } from '@pds/contracts';
import { Prisma, PrismaClient, Solution } from '../generated/strategy/client';
import { RecordRepository } from '../records/record.repository';

export type NewSolution = Omit<Prisma.SolutionUncheckedCreateInput, 'organizationId'>;

/** Solutions (found by uuid only: they have no human key); every query is scoped by organization id. */
@Injectable()
export class SolutionRepository extends RecordRepository<Solution, ListSolutionsQuery, NewSolution> {
  constructor(@Inject(PrismaClient) prisma: PrismaClient) {
    super(prisma, { model: (db) => db.solution, table: 'solutions', filters: ['opportunityId'], archivable: true });
  }
}
