import { CKR_KEY_PREFIX, CkrResponse, CkrStatus, KeyResultResponse, KeyResultStatus, formatKey } from '@pds/contracts';
import type { Ckr, KeyResult } from '../generated/strategy/client';
import { iso } from '../records/timestamps';

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
