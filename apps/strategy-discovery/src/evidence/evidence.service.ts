import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CreateInsightDto,
  CreateInterviewDto,
  InsightEvidenceReply,
  InsightResponse,
  InterviewResponse,
  UpdateInsightDto,
  UpdateInterviewDto,
} from '@pds/contracts';
import { PlainRecordService } from '../common/plain-record.service';
import { toInsightResponse } from '../common/strategy.mapper';
import { StrategyReferences } from '../common/strategy.references';
import { Insight, Interview } from '../generated/strategy/client';
import { EvidenceSourceRepository } from './evidence-source.repository';
import { EvidenceRepository } from './evidence.repository';

const toTimestamp = (value: string | null | undefined) => (value === undefined || value === null ? value : new Date(value));

/** Discovery interviews: what insights quote. */
@Injectable()
export class InterviewService extends PlainRecordService<Interview, InterviewResponse, CreateInterviewDto, UpdateInterviewDto> {
  constructor(@Inject(EvidenceRepository) evidence: EvidenceRepository) {
    super(evidence.interviews);
  }

  protected override toCreate(dto: CreateInterviewDto): object {
    return { ...dto, conductedAt: toTimestamp(dto.conductedAt) };
  }

  protected override toUpdate(_current: Interview, dto: UpdateInterviewDto): object {
    return { ...dto, conductedAt: toTimestamp(dto.conductedAt) };
  }
}

/** Insights drawn from interviews (the interview, when named, must be the organization's). */
@Injectable()
export class InsightService extends PlainRecordService<Insight, InsightResponse, CreateInsightDto, UpdateInsightDto> {
  constructor(
    @Inject(EvidenceRepository) evidence: EvidenceRepository,
    @Inject(StrategyReferences) references: StrategyReferences,
    @Inject(EvidenceSourceRepository) private readonly sources: EvidenceSourceRepository,
  ) {
    super(evidence.insights, { references, of: (dto) => ({ interviewId: dto.interviewId }) });
  }

  protected override toCreate(dto: CreateInsightDto): object {
    return { ...dto, quotes: dto.quotes ?? [] };
  }

  /** Insights in the order asked (unknown or foreign ids left out), each with its interview. */
  async insightEvidence(auth: AuthContext, ids: string[]): Promise<InsightEvidenceReply> {
    assertCan(auth, Permission.Read);
    const { insights, interviews } = await this.sources.insightsWithSources(auth.organizationId, [...new Set(ids.map((id) => id.toLowerCase()))]);
    const byId = new Map(insights.map((i) => [i.id, i]));
    const source = new Map(interviews.map((i) => [i.id, { id: i.id, title: i.title, participant: i.participant, conductedAt: i.conductedAt?.toISOString() ?? null }]));
    return {
      items: ids
        .map((id) => byId.get(id.toLowerCase()))
        .filter((row) => row !== undefined)
        .map((row) => ({ ...toInsightResponse(row), interview: (row.interviewId && source.get(row.interviewId)) || null })),
    };
  }
}
