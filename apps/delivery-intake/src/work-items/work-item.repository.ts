import { Inject, Injectable } from '@nestjs/common';
import { IntakeStage, ListWorkItemsQuery, SortedRead, ValidRecordRef, WORK_ITEM_SORT, WorkItemResponse, WorkItemSortField, Classification } from '@pds/contracts';
import {
  BatchLoader,
  DATABASE,
  Database,
  LargeTables,
  ScorePosition,
  SearchText,
  SqlExecutor,
  SqlSortColumn,
  archivedSql,
  genericStatementName,
  walkRemainder,
  wordless,
  liveRow,
  nextKeyNumberSql,
  NEWEST_WALK,
  OLDER_MATCHES,
  RARE_AMONG_NEWEST,
  largeTablesSql,
  newestEdgeSql,
  normalizeSearch,
  searchSql,
  sqlSorted,
  statementName,
} from '@pds/persistence';
import { DELIVERY_SCHEMA } from '../common/delivery.prisma';
import { toWorkItemResponse } from './work-item.mapper';
import { TableWalk, WORK_ITEM_SEARCH, WalkedSearchRow, WorkItemSearchRow, olderSearchSql, plannedSearchSql, walkedSearchSql } from './work-item-search.sql';
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

interface RefLookup {
  organizationId: string;
  ref: ValidRecordRef;
}

/** The batch's key of a lookup; findMany builds the same strings from the rows it finds. */
/** The columns of the work-item sorts, with the cast a cursor's value takes to compare with them. */
const SORT_COLUMNS: Record<WorkItemSortField, SqlSortColumn> = {
  key: { column: 'w.number', cast: 'int' },
  createdAt: { column: 'w.created_at', cast: 'timestamptz' },
  updatedAt: { column: 'w.updated_at', cast: 'timestamptz' },
  // Compared as the enum, so the order is the enum's (LOW … CRITICAL, BACKLOG … DONE) and the index serves it.
  priority: { column: 'w.priority', cast: 'text::delivery."Priority"' },
  status: { column: 'w.status', cast: 'text::delivery."WorkItemStatus"' },
};

const lookupKey = ({ organizationId, ref }: RefLookup) =>
  `${organizationId}/${ref.kind === 'id' ? ref.id : `#${ref.number}`}`;

/** The discovery links of an item, through which it reaches an OKR. */
export interface DiscoveryLinks {
  opportunityId: string | null;
  solutionId: string | null;
  experimentId: string | null;
}

/** What a create or an update sets, by the names the service and the wire use. */
export interface WorkItemFields {
  title?: string;
  description?: string | null;
  type?: WorkItemResponse['type'];
  priority?: WorkItemResponse['priority'];
  status?: WorkItemResponse['status'];
  adHoc?: boolean;
  estimate?: number | null;
  storyPoints?: number | null;
  dueDate?: string | null;
  parentId?: string | null;
  sprintId?: string | null;
  assigneeId?: string | null;
  reporterId?: string | null;
  reporterSource?: WorkItemResponse['reporterSource'];
  productManagerId?: string | null;
  experimentKind?: WorkItemResponse['experimentKind'];
  ckrId?: string | null;
  experimentId?: string | null;
  opportunityId?: string | null;
  solutionId?: string | null;
  /** The OKR the item reaches through its discovery links (not on the wire; classification reads it). */
  linkedCkrId?: string | null;
  maintenanceCategory?: WorkItemResponse['maintenanceCategory'];
  discipline?: WorkItemResponse['discipline'];
  mentionedUserIds?: string[];
  labelIds?: string[];
  /** ISO timestamp. */
  updatedAt?: string;
  /** ISO timestamp; null: not archived. */
  archivedAt?: string | null;
}

/**
 * The column of each field a create or an update may set: statements name columns from this table
 * only; the values travel as one JSON parameter, converted to the columns' types by
 * `jsonb_populate_record`.
 */
const COLUMN_OF: Readonly<Record<keyof WorkItemFields, string>> = {
  title: 'title',
  description: 'description',
  type: 'type',
  priority: 'priority',
  status: 'status',
  adHoc: 'ad_hoc',
  estimate: 'estimate',
  storyPoints: 'story_points',
  dueDate: 'due_date',
  parentId: 'parent_id',
  sprintId: 'sprint_id',
  assigneeId: 'assignee_id',
  reporterId: 'reporter_id',
  reporterSource: 'reporter_source',
  productManagerId: 'product_manager_id',
  experimentKind: 'experiment_kind',
  ckrId: 'ckr_id',
  experimentId: 'experiment_id',
  opportunityId: 'opportunity_id',
  solutionId: 'solution_id',
  linkedCkrId: 'linked_ckr_id',
  maintenanceCategory: 'maintenance_category',
  discipline: 'discipline',
  mentionedUserIds: 'mentioned_user_ids',
  labelIds: 'label_ids',
  updatedAt: 'updated_at',
  archivedAt: 'archived_at',
};

/** The fields as columns (column name → value), for `jsonb_populate_record`. */
function toColumns(fields: WorkItemFields): { columns: string[]; json: string } {
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const column = COLUMN_OF[field as keyof WorkItemFields];
    if (!column) throw new Error(`not a work-item field: ${field}`);
    if (value !== undefined) values[column] = value;
  }
  return { columns: Object.keys(values), json: JSON.stringify(values) };
}

/**
 * An update's "before": the item as REST returns it, with what the response leaves out and a change
 * compares, locked for the rest of the transaction (concurrent updates of one item serialise here).
 */
export interface LockedWorkItem {
  item: WorkItemResponse;
  mentionedUserIds: string[];
  linkedCkrId: string | null;
}

/** An item whose reached OKR may have changed, as the classification consumer reads it. */
export interface LinkedWorkItem {
  id: string;
  links: DiscoveryLinks;
  linkedCkrId: string | null;
}

export type StrategyLinkKind = 'opportunity' | 'solution' | 'experiment';

/**
 * Work items. Every statement is hand-written SQL on the process's executor (`db.sql`, or the
 * caller's transaction `tx`), scoped by organization id: the item's reads and writes are the hot path
 * (docs/architecture-notes.md, "Hand-written SQL for the hottest read"). Column names stay in this
 * file and work-item.sql.ts; callers see WorkItemResponse and WorkItemFields.
 */
@Injectable()
export class WorkItemRepository {
  private readonly lookups = new BatchLoader<RefLookup, WorkItemRow>((wanted) => this.findMany(wanted), lookupKey);

  /** Which of an organization's searched tables are large: a sentence's cost hint (newestMatchesSql's `common`). */
  private readonly largeTables = new LargeTables(async (organizationId) => {
    const [row] = await this.db.sql.query<{ large: string[] }>(LARGE_SEARCHED_TABLES, [organizationId], statementName(LARGE_SEARCHED_TABLES));
    return row.large;
  });

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The hot read; concurrent lookups share one statement (see BatchLoader). */
  async findByRef(organizationId: string, ref: ValidRecordRef): Promise<WorkItemResponse | null> {
    const row = await this.lookups.load({ organizationId, ref });
    return row ? toWorkItemResponse(row) : null;
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

  /** Locks the item (by id or key number) for the rest of the transaction and reads it: an update's "before". */
  async lock(organizationId: string, ref: ValidRecordRef, tx: SqlExecutor): Promise<LockedWorkItem | null> {
    const rows =
      ref.kind === 'id'
        ? await tx.query<LockedWorkItemRow>(LOCK_BY_ID, [organizationId, ref.id], 'wi_lock_by_id')
        : await tx.query<LockedWorkItemRow>(LOCK_BY_NUMBER, [organizationId, ref.number], 'wi_lock_by_number');
    const row = rows[0];
    return row ? { item: toWorkItemResponse(row), mentionedUserIds: row.mentioned_user_ids ?? [], linkedCkrId: row.linked_ckr_id } : null;
  }

  /**
   * Numbers and inserts the item in one statement and returns it in wire form. The key counter's
   * row lock lasts until the transaction ends, so creates of one organization serialise from here
   * on: one statement instead of four Prisma round trips keeps that window short (docs/benchmarks.md).
   * Fields left out take their columns' defaults.
   */
  async create(organizationId: string, fields: WorkItemFields, tx: SqlExecutor): Promise<WorkItemResponse> {
    const { columns, json } = toColumns(fields);
    const sql = `WITH seq AS (${nextKeyNumberSql(DELIVERY_SCHEMA)}),
       w AS (
         INSERT INTO delivery.work_items (id, organization_id, number${columns.map((c) => `, ${c}`).join('')})
         SELECT gen_random_uuid(), $1::uuid, seq.value${columns.map((c) => `, r.${c}`).join('')}
           FROM seq, jsonb_populate_record(NULL::delivery.work_items, $3::jsonb) r
         RETURNING *)
       SELECT ${WORK_ITEM_COLUMNS} FROM w`;
    const rows = await tx.query<WorkItemRow>(sql, [organizationId, 'work_item', json], statementName(sql));
    return toWorkItemResponse(rows[0]);
  }

  /**
   * Sets the changed fields and returns the item in wire form, in one statement. With `intakeStage`
   * the same statement moves the intake submissions converted into the item to that stage (its
   * status changed; see intake-stage.ts).
   */
  async apply(
    organizationId: string,
    id: string,
    changes: WorkItemFields,
    tx: SqlExecutor,
    intakeStage?: IntakeStage,
  ): Promise<WorkItemResponse> {
    const { columns, json } = toColumns(changes);
    const follow = intakeStage === undefined ? '' : `, follow AS (${FOLLOW_WORK_ITEM})`;
    const sql = `WITH w AS (
         UPDATE delivery.work_items u SET ${columns.map((c) => `${c} = r.${c}`).join(', ')}
           FROM jsonb_populate_record(NULL::delivery.work_items, $3::jsonb) r
          WHERE u.organization_id = $1::uuid AND u.id = $2::uuid AND ${liveRow('u')}
         RETURNING u.*)${follow}
       SELECT ${WORK_ITEM_COLUMNS} FROM w`;
    const values = [organizationId, id, json, ...(intakeStage === undefined ? [] : [intakeStage])];
    const rows = await tx.query<WorkItemRow>(sql, values, statementName(sql));
    return toWorkItemResponse(rows[0]);
  }

  /**
   * Moves the sprint's unfinished items (not DONE or CANCELLED) to `toId` (null: the backlog), counts
   * the carry-over on each and returns them as REST shows them afterwards, by id: one statement.
   */
  async carryOver(organizationId: string, fromId: string, toId: string | null, tx: SqlExecutor): Promise<WorkItemResponse[]> {
    const rows = await tx.query<WorkItemRow>(
      `WITH w AS (
         UPDATE delivery.work_items
            SET sprint_id = $3::uuid, carry_over_count = carry_over_count + 1,
                updated_at = GREATEST(now(), updated_at + interval '1 millisecond')
          WHERE organization_id = $1::uuid AND sprint_id = $2::uuid AND status NOT IN ('DONE', 'CANCELLED') AND ${liveRow()}
         RETURNING *)
       SELECT ${WORK_ITEM_COLUMNS} FROM w`,
      [organizationId, fromId, toId],
      'wi_carry_over',
    );
    return rows.map(toWorkItemResponse).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * Archives at most `limit` of the organization's items DONE or CANCELLED and unchanged since
   * `closedBefore`, oldest first, and returns them as REST shows them afterwards: one statement.
   * Rows another transaction holds are skipped (SKIP LOCKED), so a person's edit never waits on the job.
   */
  async archiveClosed(organizationId: string, closedBefore: Date, limit: number, tx: SqlExecutor): Promise<WorkItemResponse[]> {
    const rows = await tx.query<WorkItemRow>(
      `WITH picked AS (
         SELECT id FROM delivery.work_items
          WHERE organization_id = $1::uuid AND archived_at IS NULL AND ${liveRow()} AND status IN ('DONE', 'CANCELLED') AND updated_at < $2::timestamptz
          ORDER BY updated_at LIMIT $3::int FOR UPDATE SKIP LOCKED),
       w AS (
         UPDATE delivery.work_items u
            SET archived_at = now(), updated_at = GREATEST(now(), u.updated_at + interval '1 millisecond')
           FROM picked WHERE u.organization_id = $1::uuid AND u.id = picked.id
         RETURNING u.*)
       SELECT ${WORK_ITEM_COLUMNS} FROM w ORDER BY w.number`,
      [organizationId, closedBefore.toISOString(), limit],
      'wi_archive_closed',
    );
    return rows.map(toWorkItemResponse);
  }

  /** The subset of `ids` that name work items of the organization. */
  async existingIds(organizationId: string, ids: string[]): Promise<string[]> {
    const rows = await this.db.sql.query<{ id: string }>(
      `SELECT id FROM delivery.work_items WHERE organization_id = $1::uuid AND id = ANY($2::uuid[]) AND ${liveRow()}`,
      [organizationId, ids],
      'wi_existing_ids',
    );
    return rows.map((row) => row.id);
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
    const rows = await this.db.sql.query<{
      id: string;
      opportunity_id: string | null;
      solution_id: string | null;
      experiment_id: string | null;
      linked_ckr_id: string | null;
    }>(
      `SELECT w.id, w.opportunity_id, w.solution_id, w.experiment_id, w.linked_ckr_id
         FROM delivery.work_items w WHERE w.organization_id = $1::uuid AND (${where}) AND ${liveRow('w')} ORDER BY w.number`,
      [organizationId, id],
    );
    return rows.map((row) => ({
      id: row.id,
      links: { opportunityId: row.opportunity_id, solutionId: row.solution_id, experimentId: row.experiment_id },
      linkedCkrId: row.linked_ckr_id,
    }));
  }

  /** The item and its ancestors, nearest first; empty when the item is not in the organization. */
  async ancestorIds(organizationId: string, id: string, tx: SqlExecutor = this.db.sql): Promise<string[]> {
    const sql = `WITH RECURSIVE chain(id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM delivery.work_items WHERE organization_id = $1::uuid AND id = $2::uuid AND ${liveRow()}
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
   * Filters of GET /work-items, in the query's sort (key number by default), after the cursor's position. The statement is
   * planned on every call on PostgreSQL (unnamed): its best plan depends on the organization's size and the
   * filter's value, and a generic plan priced the 1,000,000-item tenant as an average one (a
   * label's list 279 ms against 2 ms; docs/benchmarks.md, "Scale"). Its LIMIT is written into it,
   * so that the plan is priced for a page, not 10 % of the rows.
   */
  async list(organizationId: string, query: ListWorkItemsQuery, order: SortedRead<WorkItemSortField>, take: number): Promise<WorkItemResponse[]> {
    if (!Number.isSafeInteger(take) || take < 1) throw new Error(`not a page size: ${take}`);
    const params: unknown[] = [organizationId];
    const where: string[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    // The column compared as its enum type, not cast to text: PostgreSQL then walks the
    // (organization_id, number) index to the first page (0.05–0.2 ms for 10,000 items) instead of
    // scanning the organization and sorting (1.7 ms, 8 ms with the projection). The parameter stays
    // text[] (PGlite cannot serialise an array of a custom type); the values are validated names.
    // One value is written as an equality: PostgreSQL 15 keeps `= ANY(…)` out of the index condition
    // when the index also gives the list's order, so `?status=IN_PROGRESS&sort=status` walked the
    // organization's (organization_id, status, id) index from its first status (1.4 s at 1,000,000 items).
    const enumIn = (column: string, values: string[], type: string) =>
      values.length === 1 ? `w.${column} = ${param(values[0])}::text::delivery."${type}"` : `w.${column} = ANY(${param(values)}::text[]::delivery."${type}"[])`;
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
    // The search engine's match (words of the title or description, a title substring, the key); the list keeps its order.
    const search = query.q ? normalizeSearch(query.q) : undefined;
    if (search) where.push(searchSql(search, WORK_ITEM_SEARCH, param).match);
    // A query of no word is an unindexed substring match: among the newest items only (wordless). The
    // edge is read first and given as a value: as a subquery PostgreSQL planned the read without it.
    if (search && wordless(search)) where.push(`w.number > ${param(await this.newestEdge(organizationId))}::int`);
    const archived = archivedSql(query.archived, 'w');
    if (archived) where.push(archived);
    let orderBy = 'w.number';
    if (WORK_ITEM_SORT.isDefault(order.keys)) {
      // The default order keeps its own keyset: the number is unique per organization, no id needed.
      if (order.after) where.push(`w.number > ${param(order.after.values[0])}`);
    } else {
      const sorted = sqlSorted(order, SORT_COLUMNS, 'w.id', param);
      orderBy = sorted.orderBy;
      if (sorted.after) where.push(sorted.after);
    }
    const filters = where.map((condition) => ` AND ${condition}`).join('');
    const walk = `SELECT ${WORK_ITEM_COLUMNS} FROM delivery.work_items w
      WHERE w.organization_id = $1 AND ${liveRow('w')}${filters} ORDER BY ${orderBy} LIMIT ${take}`;
    // PGlite (standalone: one process's data, planning in WebAssembly) keeps the prepared plan:
    // unnamed there, a page cost 40 % more CPU (bench:lists, docs/benchmarks.md).
    const read = (sql: string) => this.db.sql.query<WorkItemRow & { matched?: number }>(sql, params, this.db.kind === 'postgres' ? undefined : statementName(sql));
    // A text seen rarely among the newest items is read as the set of its matches and then put in
    // order: in the list's order PostgreSQL would walk the whole organization looking for them
    // (1.4 s for a rare word at 1,000,000 items; docs/benchmarks.md, "Search engine"). The set is read
    // once, OLDER_MATCHES at most: a text common in older items only has more, and is walked instead.
    if (search && (await this.rareAmongNewest(organizationId, search))) {
      const few = await read(`WITH few AS MATERIALIZED (SELECT w.* FROM delivery.work_items w WHERE w.organization_id = $1 AND ${liveRow('w')}${filters} LIMIT ${OLDER_MATCHES + 1})
        SELECT ${WORK_ITEM_COLUMNS}, (SELECT count(*)::int FROM few) AS matched FROM few w ORDER BY ${orderBy} LIMIT ${take}`);
      if (!few.length || (few[0].matched ?? 0) <= OLDER_MATCHES) return few.map(toWorkItemResponse);
    }
    return (await read(walk)).map(toWorkItemResponse);
  }

  /** The key number NEWEST_WALK items back in the organization (0 when it has fewer). */
  private async newestEdge(organizationId: string): Promise<number> {
    const [row] = await this.db.sql.query<{ edge: number }>(NEWEST_EDGE, [organizationId], 'wi_newest_edge');
    return row.edge;
  }

  /**
   * Whether fewer than RARE_AMONG_NEWEST of the organization's newest NEWEST_WALK items match (the
   * search's own test): a walk in the list's order would then read about NEWEST_WALK / RARE_AMONG_NEWEST
   * items per item found. A sentence's newest items are walked whatever PostgreSQL estimates (its words
   * AND-ed look rare to it, and their GIN bitmap costs as much as the words are common).
   */
  private async rareAmongNewest(organizationId: string, search: SearchText): Promise<boolean> {
    const params: unknown[] = [organizationId];
    const match = searchSql(search, WORK_ITEM_SEARCH, (value) => `$${params.push(value)}`).match;
    const edge = `WITH edge AS MATERIALIZED (SELECT ${newestEdgeSql('delivery.work_items', '$1', 'number', '0')} AS walk)`;
    const newest = search.sentence
      ? `${edge} SELECT count(*)::int AS n FROM (SELECT 1 FROM (SELECT w.* FROM delivery.work_items w WHERE w.organization_id = $1 AND w.number > (SELECT walk FROM edge)
                                                                ORDER BY w.number DESC LIMIT ${NEWEST_WALK}) w
                                                 WHERE ${liveRow('w')} AND ${match} LIMIT ${RARE_AMONG_NEWEST}) newest`
      : `${edge} SELECT count(*)::int AS n FROM (SELECT 1 FROM delivery.work_items w
       WHERE w.organization_id = $1 AND ${liveRow('w')} AND ${match} AND w.number > (SELECT walk FROM edge)
       ORDER BY w.number DESC LIMIT ${RARE_AMONG_NEWEST}) newest`;
    const [among] = await this.db.sql.query<{ n: number }>(newest, params, statementName(newest));
    return among.n < RARE_AMONG_NEWEST;
  }

  /**
   * Ranked search of the organization's items and their comments (work-item-search.sql.ts). Words:
   * the newest rows walked in a statement planned once per connection, then only what a walk left
   * (walkRemainder: a rare text's older matches, everything of a cut walk) in a statement planned for
   * the text, with the walks' candidates. A sentence: one statement planned for it.
   */
  async search(organizationId: string, search: SearchText, limit: number, after?: ScorePosition): Promise<WorkItemSearchRow[]> {
    if (search.sentence) {
      const { sql, params } = plannedSearchSql(organizationId, search, await this.largeTables.of(organizationId), limit, after);
      return this.db.sql.query<WorkItemSearchRow>(sql, params);
    }
    const walked = walkedSearchSql(organizationId, search, limit, after);
    const rows = await this.db.genericPlanSql.query<WalkedSearchRow>(walked.sql, walked.params, genericStatementName(walked.sql));
    const candidates = rows.find((row) => row.part === 'candidates');
    if (candidates) {
      const rare = rows.flatMap((row): TableWalk[] => {
        if (row.part !== 'walk') return [];
        const walk = { table: row.table_name, walked: row.walked, edge: row.edge, cut: row.cut };
        return walkRemainder(walk, search) === 'none' ? [] : [walk];
      });
      const older = olderSearchSql(organizationId, search, rare, { ids: candidates.ids ?? [], scores: candidates.scores ?? [], commentIds: candidates.comment_ids ?? [] }, limit, after);
      return this.db.sql.query<WorkItemSearchRow>(older.sql, older.params);
    }
    return rows.filter((row): row is WorkItemSearchRow & { part: 'hit' } => row.part === 'hit').sort(byScore);
  }
}

/** Best score first, then id: the order of a ranked search's page. */
const byScore = (a: WorkItemSearchRow, b: WorkItemSearchRow): number => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The CTE of `apply` that moves the submissions converted into the work item ($2) to a stage ($4),
 * in the statement of the item's status change: `completed_at` is set when the stage reaches DONE
 * and cleared if it leaves.
 */
const FOLLOW_WORK_ITEM = `UPDATE delivery.intake_submissions
          SET stage = $4::text::delivery."IntakeStage",
              completed_at = CASE WHEN $4::text = 'DONE' THEN COALESCE(completed_at, now()) ELSE NULL END,
              updated_at = now()
        WHERE organization_id = $1::uuid AND work_item_id = $2::uuid AND stage::text <> $4::text AND ${liveRow()}`;

/** The key number NEWEST_WALK items back (newestEdgeSql). */
const NEWEST_EDGE = `SELECT ${newestEdgeSql('delivery.work_items', '$1::uuid', 'number', '0')} AS edge`;

/** The searched tables whose size changes how a sentence is searched (LargeTables). */
const LARGE_SEARCHED_TABLES = largeTablesSql([
  { name: 'work_items', table: 'delivery.work_items', indexed: 'number' },
  { name: 'comments', table: 'delivery.comments', indexed: 'created_at' },
]);



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
