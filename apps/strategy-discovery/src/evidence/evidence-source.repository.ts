import { Inject, Injectable } from '@nestjs/common';
import { Insight, PrismaClient } from '../generated/strategy/client';

export interface InterviewSourceRow {
  id: string;
  title: string;
  participant: string | null;
  conductedAt: Date | null;
}

/** Insights with the interviews they cite, without transcripts; scoped by organization id. */
@Injectable()
export class EvidenceSourceRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  async insightsWithSources(organizationId: string, ids: string[]): Promise<{ insights: Insight[]; interviews: InterviewSourceRow[] }> {
    if (ids.length === 0) return { insights: [], interviews: [] };
    const insights = await this.prisma.insight.findMany({ where: { organizationId, id: { in: ids } } });
    const interviewIds = [...new Set(insights.map((i) => i.interviewId).filter((id): id is string => id !== null))];
    const interviews = interviewIds.length
      ? await this.prisma.interview.findMany({
          where: { organizationId, id: { in: interviewIds } },
          select: { id: true, title: true, participant: true, conductedAt: true },
        })
      : [];
    return { insights, interviews };
  }
}
