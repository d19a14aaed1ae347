import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CreateInsightDto,
  CreateInterviewDto,
  InsightResponse,
  InterviewResponse,
  ListQuery,
  Page,
  UpdateInsightDto,
  UpdateInterviewDto,
} from '@pds/contracts';
import { pageRequest } from '@pds/persistence';
import { StrategyReferences } from '../common/strategy.references';
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
