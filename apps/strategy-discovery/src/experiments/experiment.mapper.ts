import { EXPERIMENT_KEY_PREFIX, ExperimentResponse, ExperimentStatus, formatKey } from '@pds/contracts';
import type { Experiment } from '../generated/strategy/client';
import { iso, isoOrNull } from '../records/timestamps';

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
    archivedAt: isoOrNull(row.archivedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
