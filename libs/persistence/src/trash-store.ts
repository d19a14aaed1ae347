import { RecordKind, SortedRead, keyPrefixOf, parseRecordRef } from '@pds/contracts';
import type { RawSqlClient } from './key-sequence';

/** Where one kind of record that can go to the trash is stored, and which column is its title. */
export interface TrashTable<K extends RecordKind = RecordKind> {
  kind: K;
  table: string;
  /** `title`, or `name` for the kinds named so (labels, teams, sprints, planning cycles). */
  title: 'title' | 'name';
}

/** A record in (or just out of) the trash, as the database has it. */
export interface TrashRow<K extends RecordKind = RecordKind> {
  type: K;
  id: string;
  number: number | null;
  title: string;
  deleted_at: Date;
  deleted_by: string | null;
}

const COLUMNS = (table: TrashTable) =>
  `'${table.kind}'::text AS type, id, ${keyPrefixOf(table.kind) ? 'number' : 'NULL::int AS number'}, ${table.title} AS title, deleted_at, deleted_by`;

/**
 * The SQL of one context's trash over its tables (schema-qualified): moving a record in and out,
 * the trash page and the purge. Every statement names `organization_id` except the purge, which
 * removes what is past the retention in every organization. Times come from the caller (one clock
 * for `deletedAt`, `restorableUntil` and the retention's cut-off).
 */
export class TrashStore<K extends RecordKind> {
  private readonly byKind: ReadonlyMap<K, TrashTable<K>>;

  constructor(
    private readonly schema: string,
    private readonly tables: readonly TrashTable<K>[],
  ) {
    this.byKind = new Map(tables.map((table) => [table.kind, table]));
  }

  private qualified(table: TrashTable): string {
    return `"${this.schema}"."${table.table}"`;
  }

  /** `id = $2::uuid` or `number = $2::int` for a path ref of the kind, or null when it cannot name one. */
  private refCondition(kind: K, ref: string): { sql: string; value: string | number } | null {
    const prefix = keyPrefixOf(kind);
    const parsed = parseRecordRef(ref, prefix ?? '');
    if (parsed.kind === 'id') return { sql: 'id = $2::uuid', value: parsed.id };
    if (parsed.kind === 'key' && prefix) return { sql: 'number = $2::int', value: parsed.number };
    return null;
  }

  /** Moves a live record to the trash; null when the organization has no live record of the kind by that ref. */
  async softDelete(tx: RawSqlClient, organizationId: string, kind: K, ref: string, at: Date, by: string): Promise<TrashRow<K> | null> {
    const table = this.byKind.get(kind)!;
    const where = this.refCondition(kind, ref);
    if (!where) return null;
    const rows = await tx.$queryRawUnsafe<TrashRow<K>[]>(
      `UPDATE ${this.qualified(table)} SET deleted_at = $3, deleted_by = $4::uuid
        WHERE organization_id = $1::uuid AND ${where.sql} AND deleted_at IS NULL
        RETURNING ${COLUMNS(table)}`,
      organizationId,
      where.value,
      at,
      by,
    );
    return rows[0] ?? null;
  }

  /**
   * Finds a record of the organization in the trash by uuid or key, deleted after `since`, and
   * locks it for the rest of the transaction; null when there is none.
   */
  async lockDeleted(tx: RawSqlClient, organizationId: string, ref: string, since: Date): Promise<TrashRow<K> | null> {
    const branches = this.tables.flatMap((table) => {
      const where = this.refCondition(table.kind, ref);
      return where ? [{ table, where }] : [];
    });
    for (const { table, where } of branches) {
      const rows = await tx.$queryRawUnsafe<TrashRow<K>[]>(
        `SELECT ${COLUMNS(table)} FROM ${this.qualified(table)}
          WHERE organization_id = $1::uuid AND ${where.sql} AND deleted_at IS NOT NULL AND deleted_at > $3 FOR UPDATE`,
        organizationId,
        where.value,
        since,
      );
      if (rows[0]) return rows[0];
    }
    return null;
  }

  /** Brings a locked record of the trash back (the row as it was: no other column changes). */
  async restore(tx: RawSqlClient, organizationId: string, row: TrashRow<K>): Promise<void> {
    const table = this.byKind.get(row.type)!;
    await tx.$executeRawUnsafe(
      `UPDATE ${this.qualified(table)} SET deleted_at = NULL, deleted_by = NULL WHERE organization_id = $1::uuid AND id = $2::uuid`,
      organizationId,
      row.id,
    );
  }

  /**
   * The organization's trash by deletion, newest first or (`sort=deletedAt`) oldest first, ties by
   * id in the same direction, deleted after `since`, after the position, at most `take` rows: each
   * table's branch reads its partial index of deleted rows (forwards or backwards) and stops at `take`.
   */
  page(tx: RawSqlClient, organizationId: string, since: Date, order: SortedRead<'deletedAt'>, take: number): Promise<TrashRow<K>[]> {
    // `sort` offers one field, so the order is one key: a row comparison keeps the keyset an index range.
    const descending = order.keys[0].descending;
    const dir = descending ? 'DESC' : 'ASC';
    const keyset = order.after ? `AND (deleted_at, id) ${descending ? '<' : '>'} ($4::timestamptz, $5::uuid)` : '';
    const branches = this.tables.map(
      (table) => `(SELECT ${COLUMNS(table)} FROM ${this.qualified(table)}
        WHERE organization_id = $1::uuid AND deleted_at IS NOT NULL AND deleted_at > $2 ${keyset}
        ORDER BY deleted_at ${dir}, id ${dir} LIMIT $3)`,
    );
    const params: unknown[] = [organizationId, since, take];
    if (order.after) params.push(new Date(order.after.values[0] as string), order.after.id);
    return tx.$queryRawUnsafe<TrashRow<K>[]>(`SELECT * FROM (${branches.join(' UNION ALL ')}) trash ORDER BY deleted_at ${dir}, id ${dir} LIMIT $3`, ...params);
  }

  /**
   * Removes for good, in every organization, at most `batch` rows of one table deleted at or before
   * `cutoff`, oldest first; rows another purge holds are skipped, so replicas never wait on each
   * other. Answers how many went (fewer than `batch`: that table is done). The shape is the plan:
   * ordered, the batch is read down the purge index (unordered, the generic plan of a small table
   * scanned it whole); as an array, the rows are deleted by primary key (`id IN (…)` was a hash join
   * over a scan of the whole table whenever the batch was priced above a few rows).
   */
  async purgeBatch(tx: RawSqlClient, kind: K, cutoff: Date, batch: number): Promise<number> {
    const table = this.qualified(this.byKind.get(kind)!);
    // tenant-scope: all organizations (the retention is the same for every organization)
    const rows = await tx.$queryRawUnsafe<{ purged: number }[]>(
      `WITH purged AS (
         DELETE FROM ${table} WHERE id = ANY(ARRAY(
           SELECT id FROM ${table} WHERE deleted_at IS NOT NULL AND deleted_at <= $1 ORDER BY deleted_at LIMIT $2 FOR UPDATE SKIP LOCKED))
         RETURNING 1)
       SELECT count(*)::int AS purged FROM purged`,
      cutoff,
      batch,
    );
    return Number(rows[0]?.purged ?? 0);
  }

  get kinds(): readonly K[] {
    return this.tables.map((table) => table.kind);
  }
}
