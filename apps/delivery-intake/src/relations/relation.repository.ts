import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, Database } from '@pds/persistence';
import { PrismaClient } from '../generated/delivery/client';

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

/** Every query is scoped by organization id. */
@Injectable()
export class RelationRepository {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** Links touching the item, either end, in creation order. */
  views(organizationId: string, workItemId: string): Promise<RelationViewRow[]> {
    return this.db.sql.query<RelationViewRow>(
      `SELECT r.id AS relation_id, r.type::text AS type, (r.source_id = $2) AS outgoing,
              w.id, w.number, w.title, w.status::text AS status, w.assignee_id
         FROM delivery.work_item_relations r
         JOIN delivery.work_items w
           ON w.organization_id = r.organization_id
          AND w.id = CASE WHEN r.source_id = $2 THEN r.target_id ELSE r.source_id END
        WHERE r.organization_id = $1 AND (r.source_id = $2 OR r.target_id = $2)
        ORDER BY r.created_at, r.id`,
      [organizationId, workItemId],
    );
  }

  async exists(organizationId: string, edge: StoredEdge): Promise<boolean> {
    return (await this.prisma.workItemRelation.count({ where: { organizationId, ...edge } })) > 0;
  }

  async create(organizationId: string, edge: StoredEdge): Promise<void> {
    await this.prisma.workItemRelation.create({ data: { organizationId, ...edge }, select: { id: true } });
  }

  /** Deletes the link when it touches the item; false when there is no such link. */
  async remove(organizationId: string, workItemId: string, relationId: string): Promise<boolean> {
    const { count } = await this.prisma.workItemRelation.deleteMany({
      where: { id: relationId, organizationId, OR: [{ sourceId: workItemId }, { targetId: workItemId }] },
    });
    return count > 0;
  }
}
