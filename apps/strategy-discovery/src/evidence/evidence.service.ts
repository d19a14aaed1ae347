import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CreateInsightDto,
  CreateInterviewDto,
  InsightEvidenceReply,
  InsightResponse,
  InterviewResponse,
  ListQuery,
  Page,
  UpdateInsightDto,
  UpdateInterviewDto,
} from '@pds/contracts';
import { pageRequest } from '@pds/persistence';
import { toInsightResponse } from '../common/strategy.mapper';
import { StrategyReferences } from '../common/strategy.references';
import { EvidenceSourceRepository } from './evidence-source.repository';
import { EvidenceRepository } from './evidence.repository';

const toTimestamp = (value: string | null | undefined) => (value === undefined || value === null ? value : new Date(value));

/** Discovery evidence: interviews and the insights drawn from them. */
@Injectable()
export class EvidenceService {
  private readonly interviews: EvidenceRepository['interviews'];
  private readonly insights: EvidenceRepository['insights'];

  constructor(
    @Inject(EvidenceRepository) evidence: EvidenceRepository,
    @Inject(StrategyReferences) private readonly references: StrategyReferences,
    @Inject(EvidenceSourceRepository) private readonly sources: EvidenceSourceRepository,
  ) {
    this.interviews = evidence.interviews;
    this.insights = evidence.insights;
  }

  listInterviews(auth: AuthContext, query: ListQuery): Promise<Page<InterviewResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    return this.interviews.list(auth.organizationId, limit, after);
  }

  getInterview(auth: AuthContext, ref: string): Promise<InterviewResponse> {
    assertCan(auth, Permission.Read);
    return this.interviews.get(auth.organizationId, ref);
  }

  createInterview(auth: AuthContext, dto: CreateInterviewDto): Promise<InterviewResponse> {
    assertCan(auth, Permission.StrategyWrite);
    return this.interviews.create(auth.organizationId, { ...dto, conductedAt: toTimestamp(dto.conductedAt) });
  }

  updateInterview(auth: AuthContext, ref: string, dto: UpdateInterviewDto): Promise<InterviewResponse> {
    assertCan(auth, Permission.StrategyWrite);
    return this.interviews.update(auth.organizationId, ref, { ...dto, conductedAt: toTimestamp(dto.conductedAt) });
  }

  listInsights(auth: AuthContext, query: ListQuery): Promise<Page<InsightResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    return this.insights.list(auth.organizationId, limit, after);
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

  getInsight(auth: AuthContext, ref: string): Promise<InsightResponse> {
    assertCan(auth, Permission.Read);
    return this.insights.get(auth.organizationId, ref);
  }

  async createInsight(auth: AuthContext, dto: CreateInsightDto): Promise<InsightResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.references.check(auth.organizationId, { interviewId: dto.interviewId });
    return this.insights.create(auth.organizationId, { ...dto, quotes: dto.quotes ?? [] });
  }

  async updateInsight(auth: AuthContext, ref: string, dto: UpdateInsightDto): Promise<InsightResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.insights.require(auth.organizationId, ref);
    await this.references.check(auth.organizationId, { interviewId: dto.interviewId });
    return this.insights.update(auth.organizationId, ref, { ...dto });
  }
}
