import { InsightResponse, InterviewResponse } from '@pds/contracts';
import type { Insight, Interview } from '../generated/strategy/client';
import { iso, isoOrNull } from '../records/timestamps';

export function toInterviewResponse(row: Interview): InterviewResponse {
  return {
    id: row.id,
    title: row.title,
    participant: row.participant,
    conductedAt: isoOrNull(row.conductedAt),
    transcript: row.transcript,
    summary: row.summary,
    analysis: row.analysis,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toInsightResponse(row: Insight): InsightResponse {
  return {
    id: row.id,
    interviewId: row.interviewId,
    title: row.title,
    description: row.description,
    quotes: row.quotes,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
