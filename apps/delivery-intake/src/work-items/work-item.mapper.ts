import {
  Classification,
  Discipline,
  ExperimentKind,
  MaintenanceCategory,
  Priority,
  ReporterSource,
  WORK_ITEM_KEY_PREFIX,
  WorkItemResponse,
  WorkItemStatus,
  WorkItemType,
  formatKey,
} from '@pds/contracts';
import type { WorkItemRow } from './work-item.sql';

/**
 * `ckr` when the item reaches an OKR (directly, or through its opportunity, solution or
 * experiment), else `maintenance` when it has a maintenance category, else `unclassified`.
 */
export function classify(ckrId: string | null, linkedCkrId: string | null, maintenanceCategory: string | null): Classification {
  if (ckrId || linkedCkrId) return Classification.ckr;
  if (maintenanceCategory) return Classification.maintenance;
  return Classification.unclassified;
}

/** A row of work-item.sql.ts as REST returns it; only the repository maps rows. */
export function toWorkItemResponse(row: WorkItemRow): WorkItemResponse {
  return {
    id: row.id,
    key: formatKey(WORK_ITEM_KEY_PREFIX, row.number),
    title: row.title,
    description: row.description,
    type: row.type as WorkItemType,
    status: row.status as WorkItemStatus,
    priority: row.priority as Priority,
    adHoc: row.ad_hoc,
    carryOverCount: row.carry_over_count,
    estimate: row.estimate,
    storyPoints: row.story_points,
    dueDate: row.due_date,
    ckrId: row.ckr_id,
    opportunityId: row.opportunity_id,
    solutionId: row.solution_id,
    maintenanceCategory: row.maintenance_category as MaintenanceCategory | null,
    discipline: row.discipline as Discipline | null,
    classification: classify(row.ckr_id, row.linked_ckr_id, row.maintenance_category),
    parentId: row.parent_id,
    sprintId: row.sprint_id,
    assigneeId: row.assignee_id,
    reporterId: row.reporter_id,
    reporterSource: row.reporter_source as ReporterSource | null,
    productManagerId: row.product_manager_id,
    experimentKind: row.experiment_kind as ExperimentKind | null,
    experimentId: row.experiment_id,
    labels: row.labels,
    blockedByCount: row.blocked_by_count,
    isBlocked: row.blocked_by_count > 0,
    archivedAt: row.archived_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
