import { Inject, Injectable } from '@nestjs/common';
import { ListSolutionsQuery } from '@pds/contracts';
import { KeyedRecordRepository } from '../records/keyed-record.repository';
import { Prisma, PrismaClient, Solution } from '../generated/strategy/client';

export type NewSolution = Omit<Prisma.SolutionUncheckedCreateInput, 'organizationId'>;

/** Solutions (found by uuid only: they have no human key); every query is scoped by organization id. */
@Injectable()
export class SolutionRepository extends KeyedRecordRepository<Solution, ListSolutionsQuery, NewSolution> {
  constructor(@Inject(PrismaClient) prisma: PrismaClient) {
    super(prisma, (db) => db.solution);
  }

  protected filters(query: ListSolutionsQuery): object {
    return query.opportunityId ? { opportunityId: query.opportunityId } : {};
  }
}
