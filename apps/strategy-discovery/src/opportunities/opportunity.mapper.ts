import { OPPORTUNITY_KEY_PREFIX, OpportunityResponse, OpportunityStatus, Priority, formatKey } from '@pds/contracts';
import type { Opportunity } from '../generated/strategy/client';
import { iso, isoOrNull } from '../records/timestamps';
import { opportunityScore, riceScore } from './opportunity-scores';

export function toOpportunityResponse(row: Opportunity): OpportunityResponse {
  return {
    id: row.id,
    key: formatKey(OPPORTUNITY_KEY_PREFIX, row.number),
    productGoalId: row.productGoalId,
    ckrId: row.ckrId,
    title: row.title,
    description: row.description,
    priority: row.priority as Priority,
    impact: row.impact,
    confidence: row.confidence,
    reach: row.reach,
    effort: row.effort,
    score: opportunityScore(row.impact, row.confidence),
    riceScore: riceScore(row.reach, row.impact, row.confidence, row.effort),
    status: row.status as OpportunityStatus,
    ownerId: row.ownerId,
    isMirror: row.isMirror,
    insightIds: row.insightIds,
    archivedAt: isoOrNull(row.archivedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
