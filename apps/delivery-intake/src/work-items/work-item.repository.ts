import { Inject, Injectable } from '@nestjs/common';
import { Classification, IntakeStage, ListWorkItemsQuery, RecordRef, formatKey, WORK_ITEM_KEY_PREFIX } from '@pds/contracts';
import { BatchLoader, DATABASE, Database, SqlExecutor, nextKeyNumberSql, statementName } from '@pds/persistence';
import { DELIVERY_SCHEMA, DeliveryTx } from '../common/delivery.prisma';
import { Prisma, PrismaClient } from '../generated/delivery/client';
import { followWorkItemSql } from '../intake/intake.repository';
import {
  LOCK_BY_ID,
  LOCK_BY_NUMBER,
  LockedWorkItemRow,
  SELECT_BY_ID,
  SELECT_BY_NUMBER,
  SELECT_MANY_BY_ID,
  SELECT_MANY_BY_NUMBER,
  WORK_ITEM_COLUMNS,
  WorkItemRow,
} from './work-item.sql';

export type ValidRef = Exclude<RecordRef, { kind: 'invalid' }>;
interface RefLookup {
  organizationId: string;
  ref: ValidRef;
}

/** The batch's key of a lookup; findMany builds the same strings from the rows it finds. */
const lookupKey = ({ organizationId, ref }: RefLookup) =>
  `${organizationId}/${ref.kind === 'id' ? ref.id : `#${ref.number}`}`;

export interface LockedWorkItem {
  id: string;
  status: string;
  updatedAt: Date;
  mentionedUserIds: string[];
  opportunityId: string | null;
  solutionId: string | null;
  experimentId: string | null;
}

/**
 * The columns an update may set. Its statement names columns from this list only; the values travel
 * as one JSON parameter.
 */
const UPDATABLE_COLUMNS = new Set([
  'title',
  'description',
  'type',
  'priority',
  'status',
  'ad_hoc',
  'estimate',
  'story_points',
  'due_date',
  'parent_id',
  'sprint_id',
  'assignee_id',
  'reporter_id',
  'reporter_source',
  'product_manager_id',
  'experiment_kind',
  'ckr_id',
  'experiment_id',
  'opportunity_id',
  'solution_id',
  'linked_ckr_id',
  'maintenance_category',
  'discipline',
  'mentioned_user_ids',
  'label_ids',
  'updated_at',
]);

export type StrategyLinkKind = 'opportunity' | 'solution' | 'experiment';

export interface LinkedWorkItem {
  id: string;
  opportunity_id: string | null;
  solution_id: string | null;
  experiment_id: string | null;
  linked_ckr_id: string | null;
}

/** Every query is scoped by organization id; reads, create and update are hand-written SQL (see work-item.sql.ts), the rest Prisma. */
@Injectable()
export class WorkItemRepository {
  private readonly lookups = new BatchLoader<RefLookup, WorkItemRow>((wanted) => this.findMany(wanted), lookupKey);

  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** The hot read; concurrent lookups share one statement (see BatchLoader). */
  async findByRef(organizationId: string, ref: RecordRef): Promise<WorkItemRow | null> {
    if (ref.kind === 'invalid') return null;
    return (await this.lookups.load({ organizationId, ref })) ?? null;
  }

  private async findMany(wanted: RefLookup[]): Promise<Map<string, WorkItemRow>> {
    if (wanted.length === 1) {
      const [{ organizationId, ref }] = wanted;
      const rows =
        ref.kind === 'id'
          ? await this.db.sql.query<WorkItemRow>(SELECT_BY_ID, [organizationId, ref.id], 'wi_by_id')
          : await this.db.sql.query<WorkItemRow>(SELECT_BY_NUMBER, [organizationId, ref.number], 'wi_by_number');
      return new Map(rows.map((row) => [lookupKey(wanted[0]), row]));
    }
    const byId = wanted.filter((w) => w.ref.kind === 'id');
    const byNumber = wanted.filter((w) => w.ref.kind === 'key');
    const [idRows, numberRows] = await Promise.all([
      byId.length
        ? this.db.sql.query<WorkItemRow & { organization_id: string }>(
            SELECT_MANY_BY_ID,
            [byId.map((w) => w.organizationId), byId.map((w) => (w.ref as { id: string }).id)],
            'wi_many_by_id',
          )
        : [],
      byNumber.length
        ? this.db.sql.query<WorkItemRow & { organization_id: string }>(
            SELECT_MANY_BY_NUMBER,
            [byNumber.map((w) => w.organizationId), byNumber.map((w) => (w.ref as { number: number }).number)],
            'wi_many_by_number',
          )
        : [],
    ]);
    // The rows keep their organization_id (the mapper picks the response's fields): copying each
    // row without it was about 2 % of the service's CPU on this read.
    const found = new Map<string, WorkItemRow>();
    for (const row of idRows) found.set(`${row.organization_id}/${row.id}`, row);
    for (const row of numberRows) found.set(`${row.organization_id}/#${row.number}`, row);
    return found;
  }

  async findInTx(organizationId: string, id: string, tx: DeliveryTx): Promise<WorkItemRow> {
    const rows = await tx.$queryRawUnsafe<WorkItemRow[]>(SELECT_BY_ID, organizationId, id);
    return rows[0];
  }

  /** Locks the row for the rest of the transaction: concurrent updates of one item serialise here. */
  async lock(organizationId: string, id: string, tx: DeliveryTx): Promise<LockedWorkItem | null> {
    const rows = await tx.$queryRawUnsafe<
      { id: string; status: string; updated_at: Date; mentioned_user_ids: string[]; opportunity_id: string | null; solution_id: string | null; experiment_id: string | null }[]
    >(
      `SELECT id, status::text AS status, updated_at, mentioned_user_ids, opportunity_id, solution_id, experiment_id
         FROM delivery.work_items WHERE organization_id = $1::uuid AND id = $2::uuid FOR UPDATE`,
      organizationId,
      id,
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          status: row.status,
          updatedAt: new Date(row.updated_at),
          mentionedUserIds: row.mentioned_user_ids ?? [],
          opportunityId: row.opportunity_id,
          solutionId: row.solution_id,
          experimentId: row.experiment_id,
        }
      : null;
  }

  /**
   * Items whose reached OKR may change when the given strategy record changes: those linked to it,
   * and for an opportunity also every item linked to a solution (a solution reaches its OKR through
   * its opportunity, which this context does not store).
   */
  async linkedTo(organizationId: string, kind: StrategyLinkKind, id: string): Promise<LinkedWorkItem[]> {
    const where =
      kind === 'opportunity'
        ? 'w.opportunity_id = $2::uuid OR w.solution_id IS NOT NULL'
        : kind === 'solution'
          ? 'w.solution_id = $2::uuid'
          : 'w.experiment_id = $2::uuid';
    return this.db.sql.query<LinkedWorkItem>(
      `SELECT w.id, w.opportunity_id, w.solution_id, w.experiment_id, w.linked_ckr_id
         FROM delivery.work_items w WHERE w.organization_id = $1::uuid AND (${where}) ORDER BY w.number`,
      [organizationId, id],
    );
  }

  /**
   * Numbers and inserts the item in one statement and returns it in wire form. The key counter's
   * row lock lasts until the transaction ends, so creates of one organization serialise from here
   * on: one statement instead of four Prisma round trips keeps that window short (docs/benchmarks.md).
   * `fields` are column name → value; columns left out take their defaults.
   */
  async create(organizationId: string, fields: Record<string, unknown>, tx: SqlExecutor): Promise<WorkItemRow> {
    const columns = Object.keys(fields);
    for (const column of columns) if (!/^[a-z_]+$/.test(column)) throw new Error(`not a column name: ${column}`);
    const sql = `WITH seq AS (${nextKeyNumberSql(DELIVERY_SCHEMA)}),
       w AS (
         INSERT INTO delivery.work_items (id, organization_id, number${columns.map((c) => `, ${c}`).join('')})
         SELECT gen_random_uuid(), $1::uuid, seq.value${columns.map((c) => `, r.${c}`).join('')}
           FROM seq, jsonb_populate_record(NULL::delivery.work_items, $3::jsonb) r
         RETURNING *)
       SELECT ${WORK_ITEM_COLUMNS} FROM w`;
    const rows = await tx.query<WorkItemRow>(sql, [organizationId, 'work_item', JSON.stringify(fields)], statementName(sql));
    return rows[0];
  }

  /** Locks the item (by id or key number) for the rest of the transaction and reads it: an update's "before". */
  async lockForUpdate(organizationId: string, ref: ValidRef, tx: SqlExecutor): Promise<LockedWorkItemRow | null> {
    const rows =
      ref.kind === 'id'
        ? await tx.query<LockedWorkItemRow>(LOCK_BY_ID, [organizationId, ref.id], 'wi_lock_by_id')
        : await tx.query<LockedWorkItemRow>(LOCK_BY_NUMBER, [organizationId, ref.number], 'wi_lock_by_number');
    return rows[0] ?? null;
  }

  /**
   * Sets `changes` (column name → value, converted to the column's type as `create` does) and
   * returns the item in wire form, in one statement. With `followStage` the same statement moves the
   * intake submissions that follow the item to that stage (its status changed).
   */
  async applyUpdate(
    organizationId: string,
    id: string,
    changes: Record<string, unknown>,
    followStage: IntakeStage | undefined,
    tx: SqlExecutor,
  ): Promise<WorkItemRow> {
    const columns = Object.keys(changes);
    for (const column of columns) if (!UPDATABLE_COLUMNS.has(column)) throw new Error(`not an updatable column: ${column}`);
    const follow = followStage === undefined ? '' : `, follow AS (${followWorkItemSql('$1', '$2', '$4')})`;
    const sql = `WITH w AS (
         UPDATE delivery.work_items u SET ${columns.map((c) => `${c} = r.${c}`).join(', ')}
           FROM jsonb_populate_record(NULL::delivery.work_items, $3::jsonb) r
          WHERE u.organization_id = $1::uuid AND u.id = $2::uuid
         RETURNING u.*)${follow}
       SELECT ${WORK_ITEM_COLUMNS} FROM w`;
    const values = [organizationId, id, JSON.stringify(changes), ...(followStage === undefined ? [] : [followStage])];
    const rows = await tx.query<WorkItemRow>(sql, values, statementName(sql));
    return rows[0];
  }

  async update(organizationId: string, id: string, data: Prisma.WorkItemUncheckedUpdateInput, tx: DeliveryTx): Promise<void> {
    await tx.workItem.update({ where: { id, organizationId }, data, select: { id: true } });
  }

  /** The subset of `ids` that name work items of the organization. */
  async existingIds(organizationId: string, ids: string[]): Promise<string[]> {
    const rows = await this.prisma.workItem.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  /**
   * Moves the sprint's unfinished items (not DONE or CANCELLED) to `toId` (null: the backlog) and
   * counts the carry-over on each; returns their ids.
   */
  async carryOver(organizationId: string, fromId: string, toId: string | null, tx: DeliveryTx): Promise<string[]> {
    const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
      `UPDATE delivery.work_items
          SET sprint_id = $3::uuid, carry_over_count = carry_over_count + 1,
              updated_at = GREATEST(now(), updated_at + interval '1 millisecond')
        WHERE organization_id = $1::uuid AND sprint_id = $2::uuid AND status NOT IN ('DONE', 'CANCELLED')
        RETURNING id`,
      organizationId,
      fromId,
      toId,
    );
    return rows.map((r) => r.id).sort();
  }

  async existingLabelIds(organizationId: string, ids: string[]): Promise<string[]> {
    const rows = await this.prisma.label.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  async sprintExists(organizationId: string, id: string): Promise<boolean> {
    return (await this.prisma.sprint.count({ where: { organizationId, id } })) > 0;
  }

  /** The item and its ancestors, nearest first; empty when the item is not in the organization. */
  async ancestorIds(organizationId: string, id: string, tx: SqlExecutor = this.db.sql): Promise<string[]> {
    const sql = `WITH RECURSIVE chain(id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM delivery.work_items WHERE organization_id = $1::uuid AND id = $2::uuid
         UNION ALL
         SELECT w.id, w.parent_id, c.depth + 1 FROM delivery.work_items w JOIN chain c ON w.id = c.parent_id
          WHERE w.organization_id = $1::uuid AND c.depth < 1000)
       SELECT id FROM chain ORDER BY depth`;
    const rows = await tx.query<{ id: string }>(sql, [organizationId, id], 'wi_ancestors');
    return rows.map((r) => r.id);
  }

  /**
   * Serializes re-parenting within the organization for the rest of the transaction: two moves
   * checked at the same time could otherwise each find no cycle and together make one.
   */
  async lockTree(organizationId: string, tx: SqlExecutor): Promise<void> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`${organizationId}/work-item-tree`], 'wi_lock_tree');
  }

  /**
   * Filters of GET /work-items; ordered by key number, cursor after a number. The statement is
   * prepared, and its LIMIT written into it: with a parameter there, PostgreSQL prices a generic
   * plan for 10 % of the rows and plans every call anew (measured: 355 µs per page of 50 on
   * 10,000 items, 225 µs with the generic plan it then keeps; unprepared 555 µs).
   */
  async list(organizationId: string, query: ListWorkItemsQuery, afterNumber: number | undefined, take: number): Promise<WorkItemRow[]> {
    if (!Number.isSafeInteger(take) || take < 1) throw new Error(`not a page size: ${take}`);
    const params: unknown[] = [organizationId];
    const where: string[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    // The column compared as its enum type, not cast to text: PostgreSQL then walks the
    // (organization_id, number) index to the first page (0.05–0.2 ms for 10,000 items) instead of
    // scanning the organization and sorting (1.7 ms, 8 ms with the projection). The parameter stays
    // text[] (PGlite cannot serialise an array of a custom type); the values are validated names.
    const enumIn = (column: string, values: string[], type: string) => `w.${column} = ANY(${param(values)}::text[]::delivery."${type}"[])`;
    if (query.status?.length) where.push(enumIn('status', query.status, 'WorkItemStatus'));
    if (query.type?.length) where.push(enumIn('type', query.type, 'WorkItemType'));
    if (query.priority?.length) where.push(enumIn('priority', query.priority, 'Priority'));
    if (query.sprintId) where.push(`w.sprint_id = ${param(query.sprintId)}::uuid`);
    if (query.assigneeId) where.push(`w.assignee_id = ${param(query.assigneeId)}::uuid`);
    if (query.parentId) where.push(`w.parent_id = ${param(query.parentId)}::uuid`);
    if (query.ckrId) {
      const p = param(query.ckrId);
      where.push(`(w.ckr_id = ${p}::uuid OR w.linked_ckr_id = ${p}::uuid)`);
    }
    if (query.opportunityId) where.push(`w.opportunity_id = ${param(query.opportunityId)}::uuid`);
    if (query.solutionId) where.push(`w.solution_id = ${param(query.solutionId)}::uuid`);
    if (query.experimentId) where.push(`w.experiment_id = ${param(query.experimentId)}::uuid`);
    if (query.labelId) {
      where.push(`w.label_ids @> ARRAY[${param(query.labelId)}::uuid]`);
    }
    if (query.classification) where.push(classificationFilter(query.classification));
    if (query.updatedSince) where.push(`w.updated_at >= ${param(query.updatedSince)}::timestamptz`);
    if (query.q) {
      const key = /^wi-(\d{1,9})$/i.exec(query.q.trim());
      const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(key ? `(w.number = ${param(Number(key[1]))} OR w.title ILIKE ${param(pattern)})` : `w.title ILIKE ${param(pattern)}`);
    }
    if (afterNumber !== undefined) where.push(`w.number > ${param(afterNumber)}`);
    const sql = `SELECT ${WORK_ITEM_COLUMNS} FROM delivery.work_items w
      WHERE w.organization_id = $1${where.map((condition) => ` AND ${condition}`).join('')} ORDER BY w.number LIMIT ${take}`;
    return this.db.sql.query<WorkItemRow>(sql, params, statementName(sql));
  }
}

function classificationFilter(classification: Classification): string {
  const reachesCkr = '(w.ckr_id IS NOT NULL OR w.linked_ckr_id IS NOT NULL)';
  switch (classification) {
    case Classification.ckr:
      return reachesCkr;
    case Classification.maintenance:
      return `(NOT ${reachesCkr} AND w.maintenance_category IS NOT NULL)`;
    default:
      return `(NOT ${reachesCkr} AND w.maintenance_category IS NULL)`;
  }
}

export function workItemKey(number: number): string {
  return formatKey(WORK_ITEM_KEY_PREFIX, number);
}
