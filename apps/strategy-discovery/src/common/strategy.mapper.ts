import {
  AnnualGoalResponse,
  CKR_KEY_PREFIX,
  CkrResponse,
  CkrStatus,
  EXPERIMENT_KEY_PREFIX,
  ExperimentResponse,
  ExperimentStatus,
  InsightResponse,
  InterviewResponse,
  KeyResultResponse,
  KeyResultStatus,
  OPPORTUNITY_KEY_PREFIX,
  OpportunityResponse,
  OpportunityStatus,
  PlanningCycleResponse,
  Priority,
  ProductGoalResponse,
  SolutionResponse,
  SolutionStatus,
  formatKey,
} from '@pds/contracts';
import type {
  AnnualGoal,
  Ckr,
  Experiment,
  Insight,
  Interview,
  KeyResult,
  Opportunity,
  PlanningCycle,
  ProductGoal,
  Solution,
} from '../generated/strategy/client';
import { opportunityScore, riceScore } from './scores';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
export const dateOnly = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

export type CkrWithKeyResults = Ckr & { keyResults: KeyResult[] };

export function toKeyResultResponse(row: KeyResult): KeyResultResponse {
  return {
    id: row.id,
    title: row.title,
    metric: row.metric,
    targetValue: row.targetValue,
    currentValue: row.currentValue,
    unit: row.unit,
    status: row.status as KeyResultStatus,
  };
}

export function toCkrResponse(row: CkrWithKeyResults): CkrResponse {
  return {
    id: row.id,
    key: formatKey(CKR_KEY_PREFIX, row.number),
    annualGoalId: row.annualGoalId,
    productGoalId: row.productGoalId,
    planningCycleIds: row.planningCycleIds,
    ownerId: row.ownerId,
    title: row.title,
    description: row.description,
    confidence: row.confidence,
    status: row.status as CkrStatus,
    keyResults: [...row.keyResults].sort((a, b) => a.position - b.position).map(toKeyResultResponse),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

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
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

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
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toExperimentResponse(row: Experiment): ExperimentResponse {
  return {
    id: row.id,
    key: formatKey(EXPERIMENT_KEY_PREFIX, row.number),
    ckrId: row.ckrId,
    solutionId: row.solutionId,
    title: row.title,
    hypothesis: row.hypothesis,
    successMetrics: row.successMetrics,
    result: row.result,
    status: row.status as ExperimentStatus,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toAnnualGoalResponse(row: AnnualGoal): AnnualGoalResponse {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    explanation: row.explanation,
    year: row.year,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toProductGoalResponse(row: ProductGoal): ProductGoalResponse {
  return {
    id: row.id,
    annualGoalId: row.annualGoalId,
    title: row.title,
    description: row.description,
    explanation: row.explanation,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toPlanningCycleResponse(row: PlanningCycle): PlanningCycleResponse {
  return {
    id: row.id,
    name: row.name,
    startDate: dateOnly(row.startDate),
    endDate: dateOnly(row.endDate),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

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
