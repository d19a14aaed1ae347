import { SolutionResponse, SolutionStatus } from '@pds/contracts';
import type { Solution } from '../generated/strategy/client';
import { iso, isoOrNull } from '../records/timestamps';

export function toSolutionResponse(row: Solution): SolutionResponse {
  return {
    id: row.id,
    opportunityId: row.opportunityId,
    title: row.title,
    description: row.description,
    impact: row.impact,
    effort: row.effort,
    confidence: row.confidence,
    status: row.status as SolutionStatus,
    archivedAt: isoOrNull(row.archivedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
