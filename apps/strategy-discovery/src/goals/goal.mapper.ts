import { AnnualGoalResponse, PlanningCycleResponse, ProductGoalResponse } from '@pds/contracts';
import type { AnnualGoal, PlanningCycle, ProductGoal } from '../generated/strategy/client';
import { dateOnly, iso, isoOrNull } from '../records/timestamps';

export function toAnnualGoalResponse(row: AnnualGoal): AnnualGoalResponse {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    explanation: row.explanation,
    year: row.year,
    archivedAt: isoOrNull(row.archivedAt),
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
    archivedAt: isoOrNull(row.archivedAt),
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
