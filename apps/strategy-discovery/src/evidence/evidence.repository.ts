import { Inject, Injectable } from '@nestjs/common';
import { InsightResponse, InterviewResponse } from '@pds/contracts';
import { PlainRecordRepository } from '../records/plain-record.repository';
import { toInsightResponse, toInterviewResponse } from './evidence.mapper';
import { Insight, Interview, PrismaClient } from '../generated/strategy/client';

/** Interviews and insights: plain records scoped by organization. */
@Injectable()
export class EvidenceRepository {
  readonly interviews: PlainRecordRepository<Interview, InterviewResponse>;
  readonly insights: PlainRecordRepository<Insight, InsightResponse>;

  constructor(@Inject(PrismaClient) prisma: PrismaClient) {
    this.interviews = new PlainRecordRepository(prisma.interview, 'Interview', toInterviewResponse);
    this.insights = new PlainRecordRepository(prisma.insight, 'Insight', toInsightResponse);
  }
}
