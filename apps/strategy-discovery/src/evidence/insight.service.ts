import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, CreateInsightDto, InsightEvidenceReply, InsightResponse, UpdateInsightDto } from '@pds/contracts';
import { StrategyOutbox } from '../database/strategy.outbox';
import { Insight } from '../generated/strategy/client';
import { PlainRecordService } from '../records/plain-record.service';
import { StrategyReferences } from '../references/strategy.references';
import { toInsightResponse } from './evidence.mapper';
import { EvidenceSourceRepository } from './evidence-source.repository';
import { EvidenceRepository } from './evidence.repository';

/** Insights drawn from interviews (the interview, when named, must be the organization's). */
@Injectable()
export class InsightService extends PlainRecordService<Insight, InsightResponse, CreateInsightDto, UpdateInsightDto> {
  constructor(
    @Inject(EvidenceRepository) evidence: EvidenceRepository,
    @Inject(StrategyReferences) references: StrategyReferences,
    @Inject(EvidenceSourceRepository) private readonly sources: EvidenceSourceRepository,
    @Inject(StrategyOutbox) outbox: StrategyOutbox,
  ) {
    super(evidence.insights, outbox, {
      recordKind: 'insight',
      toResponse: toInsightResponse,
      links: { references, of: (dto) => ({ interviewId: dto.interviewId }) },
    });
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
