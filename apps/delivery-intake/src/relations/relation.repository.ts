import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, Database, SqlExecutor, liveRow } from '@pds/persistence';

export type StoredRelationType = 'BLOCKS' | 'RELATES_TO' | 'DUPLICATES';

export interface StoredEdge {
  type: StoredRelationType;
  sourceId: string;
  targetId: string;
}

/** One link as seen from one of its two items: the other item and which end this one is. */
export interface RelationViewRow {
  relation_id: string;
  type: StoredRelationType;
  outgoing: boolean;
  id: string;
  number: number;
  title: string;
  status: string;
  assignee_id: string | null;
}

/** Links between work items: hand-written SQL (the views join work items), every query scoped by organization id. */
@Injectable()
export class RelationRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Links touching the item, either end, in creation order. */
  views(organizationId: string, workItemId: string): Promise<RelationViewRow[]> {
    return this.db.sql.query<RelationViewRow>(
      `SELECT r.id AS relation_id, r.type::text AS type, (r.source_id = $2) AS outgoing,
              w.id, w.number, w.title, w.status::text AS status, w.assignee_id
         FROM delivery.work_item_relations r
         JOIN delivery.work_items w
           ON w.organization_id = r.organization_id
          AND w.id = CASE WHEN r.source_id = $2 THEN r.target_id ELSE r.source_id END
        WHERE r.organization_id = $1 AND (r.source_id = $2 OR r.target_id = $2) AND ${liveRow('w')}
        ORDER BY r.created_at, r.id`,
      [organizationId, workItemId],
    );
  }

  /** The items blocking each of the given items (`blockedBy` of their relations), in creation order. */
  blockersOf(organizationId: string, workItemIds: readonly string[]): Promise<(RelationViewRow & { blocked_id: string })[]> {
    return this.db.sql.query<RelationViewRow & { blocked_id: string }>(
      `SELECT r.target_id AS blocked_id, r.id AS relation_id, r.type::text AS type, false AS outgoing,
              w.id, w.number, w.title, w.status::text AS status, w.assignee_id
         FROM delivery.work_item_relations r
         JOIN delivery.work_items w ON w.organization_id = r.organization_id AND w.id = r.source_id
        WHERE r.organization_id = $1 AND r.type = 'BLOCKS' AND r.target_id = ANY($2::uuid[]) AND ${liveRow('w')}
        ORDER BY r.created_at, r.id`,
      [organizationId, [...workItemIds]],
    );
  }

  /** Stores the link; false when the two items are linked this way already (a concurrent duplicate included). */
  async create(organizationId: string, edge: StoredEdge, sql: SqlExecutor = this.db.sql): Promise<boolean> {
    const rows = await sql.query(
      `INSERT INTO delivery.work_item_relations (id, organization_id, type, source_id, target_id)
       VALUES (gen_random_uuid(), $1::uuid, $2::text::delivery."RelationType", $3::uuid, $4::uuid)
       ON CONFLICT (type, source_id, target_id) DO NOTHING RETURNING id`,
      [organizationId, edge.type, edge.sourceId, edge.targetId],
      'relation_create',
    );
    return rows.length > 0;
  }

  /** Deletes the link when it touches the item; false when there is no such link. */
  async remove(organizationId: string, workItemId: string, relationId: string, sql: SqlExecutor = this.db.sql): Promise<boolean> {
    const rows = await sql.query(
      `DELETE FROM delivery.work_item_relations
        WHERE organization_id = $1::uuid AND id = $3::uuid AND (source_id = $2::uuid OR target_id = $2::uuid) RETURNING id`,
      [organizationId, workItemId, relationId],
      'relation_remove',
    );
    return rows.length > 0;
  }
}
