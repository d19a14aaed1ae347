import { liveRow } from '@pds/persistence';

/**
 * The read side of work items: one statement returns every field of WorkItemResponse, labels and
 * blocker count included, already in wire types (ISO strings, ints), so that the same row shape
 * comes back from pg, PGlite and a Prisma transaction alike. It is the hot path of
 * GET /work-items/{id}; see docs/benchmarks.md for why it is hand-written and why it needs no join
 * for an item without labels (label_ids is empty) or for its blockers (a trigger keeps the count).
 */
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export const WORK_ITEM_COLUMNS = `
  w.id, w.number, w.title, w.description, w.type::text AS type, w.status::text AS status,
  w.priority::text AS priority, w.ad_hoc, w.carry_over_count, w.estimate, w.story_points,
  to_char(w.due_date, 'YYYY-MM-DD') AS due_date,
  w.ckr_id, w.opportunity_id, w.solution_id, w.experiment_id, w.linked_ckr_id,
  w.maintenance_category::text AS maintenance_category, w.discipline::text AS discipline,
  w.parent_id, w.sprint_id, w.assignee_id, w.reporter_id, w.reporter_source::text AS reporter_source,
  w.product_manager_id, w.experiment_kind::text AS experiment_kind,
  to_char(w.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
  to_char(w.updated_at AT TIME ZONE 'UTC', ${ISO}) AS updated_at,
  to_char(w.archived_at AT TIME ZONE 'UTC', ${ISO}) AS archived_at,
  CASE WHEN COALESCE(cardinality(w.label_ids), 0) = 0 THEN '[]'::json ELSE COALESCE((
    SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) ORDER BY l.name, l.id)
      FROM delivery.labels l WHERE l.organization_id = w.organization_id AND l.id = ANY(w.label_ids) AND ${liveRow('l')}), '[]'::json) END AS labels,
  w.open_blocker_count AS blocked_by_count`;

export interface WorkItemRow {
  id: string;
  number: number;
  title: string;
  description: string | null;
  type: string;
  status: string;
  priority: string;
  ad_hoc: boolean;
  carry_over_count: number;
  estimate: number | null;
  story_points: number | null;
  due_date: string | null;
  ckr_id: string | null;
  opportunity_id: string | null;
  solution_id: string | null;
  experiment_id: string | null;
  linked_ckr_id: string | null;
  maintenance_category: string | null;
  discipline: string | null;
  parent_id: string | null;
  sprint_id: string | null;
  assignee_id: string | null;
  reporter_id: string | null;
  reporter_source: string | null;
  product_manager_id: string | null;
  experiment_kind: string | null;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
  labels: { id: string; name: string; color: string }[];
  blocked_by_count: number;
}

export const SELECT_BY_ID = `SELECT ${WORK_ITEM_COLUMNS} FROM delivery.work_items w WHERE w.organization_id = $1 AND w.id = $2 AND ${liveRow('w')}`;
export const SELECT_BY_NUMBER = `SELECT ${WORK_ITEM_COLUMNS} FROM delivery.work_items w WHERE w.organization_id = $1 AND w.number = $2 AND ${liveRow('w')}`;

/**
 * The row an update starts from, locked for the rest of the transaction (concurrent updates of one
 * item serialise here), with the one column the response leaves out and a change compares.
 */
export interface LockedWorkItemRow extends WorkItemRow {
  mentioned_user_ids: string[] | null;
}
const LOCK_WHERE = (column: 'id' | 'number') =>
  `SELECT ${WORK_ITEM_COLUMNS}, w.mentioned_user_ids FROM delivery.work_items w WHERE w.organization_id = $1::uuid AND w.${column} = $2 AND ${liveRow('w')} FOR UPDATE OF w`;
export const LOCK_BY_ID = LOCK_WHERE('id');
export const LOCK_BY_NUMBER = LOCK_WHERE('number');

/** Many lookups at once (see BatchLoader): parallel arrays of organization ids and ids or numbers. */
export const SELECT_MANY_BY_ID = `SELECT ${WORK_ITEM_COLUMNS}, w.organization_id FROM delivery.work_items w
  JOIN unnest($1::uuid[], $2::uuid[]) AS wanted(organization_id, id) ON w.organization_id = wanted.organization_id AND w.id = wanted.id WHERE ${liveRow('w')}`;
export const SELECT_MANY_BY_NUMBER = `SELECT ${WORK_ITEM_COLUMNS}, w.organization_id FROM delivery.work_items w
  JOIN unnest($1::uuid[], $2::int[]) AS wanted(organization_id, number) ON w.organization_id = wanted.organization_id AND w.number = wanted.number WHERE ${liveRow('w')}`;
