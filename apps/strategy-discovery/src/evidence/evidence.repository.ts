import { Inject, Injectable } from '@nestjs/common';
import { RecordListQuery } from '@pds/contracts';
import { Insight, Interview, PrismaClient } from '../generated/strategy/client';
import { RecordRepository } from '../records/record.repository';

/** Interviews and insights: records without keys or filters, scoped by organization. */
@Injectable()
export class EvidenceRepository {
  readonly interviews: RecordRepository<Interview, RecordListQuery>;
  readonly insights: RecordRepository<Insight, RecordListQuery>;

  constructor(@Inject(PrismaClient) prisma: PrismaClient) {
    this.interviews = new RecordRepository(prisma, { model: (db) => db.interview, table: 'interviews' });
    this.insights = new RecordRepository(prisma, { model: (db) => db.insight, table: 'insights' });
  }
}
