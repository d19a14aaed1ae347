import { ArchivedFilter, RECORD_SORT, SortedRead } from '@pds/contracts';
import { archivedWhere, liveRow, nextKeyNumber, prismaSorted } from '@pds/persistence';
import { STRATEGY_SCHEMA, StrategyTx } from '../database/strategy.prisma';
import { refWhere } from './record-ref';

export interface RecordRow {
  id: string;
  organizationId: string;
  createdAt: Date;
  /** Kinds that can be archived have it (null while not archived). */
  archivedAt?: Date | null;
}

/** The part of a Prisma model delegate a record repository uses (method syntax keeps it assignable). */
export interface RecordDelegate<R extends RecordRow> {
  findFirst(args: { where: object }): Promise<R | null>;
  findMany(args: { where: object; orderBy: object[]; take: number }): Promise<R[]>;
  create(args: { data: object }): Promise<R>;
  update(args: { where: { id: string; organizationId: string }; data: object }): Promise<R>;
}

/** Where a kind of record is stored, how its path ids look and what filters its list. */
export interface RecordTable<R extends RecordRow, Q = unknown> {
  /** The kind's model delegate on the client or a transaction (`(db) => db.solution`). */
  model: (db: StrategyTx) => RecordDelegate<R>;
  /** Its table (for the row lock of `lockStatus`). */
  table: string;
  /** With a prefix (OKR, OPP, EXP), records are numbered per organization and found by key too. */
  keyPrefix?: string;
  /**
   * The list query's fields that filter the list, each on the column of its name: a list (of
   * statuses) keeps rows with any of its values, a single value (an id) rows with that value; a
   * field left out or empty filters nothing.
   */
  filters?: readonly (keyof Q & string)[];
  /** The kind can be archived: its list takes the `archived` filter. */
  archivable?: boolean;
}

/**
 * The storage of a strategy record kind: found by uuid or human key, listed in the query's sort (creation order by default) with
 * the kind's filters, created and updated (in the caller's transaction when there is one). It
 * answers rows, or null where none matches; services map them and answer 404. Every query is
 * scoped by organization id.
 */
export class RecordRepository<R extends RecordRow, Q = unknown, New extends object = object> {
  constructor(
    private readonly prisma: StrategyTx,
    private readonly kind: RecordTable<R, Q>,
  ) {}

  private filters(query: Q): object {
    const where: Record<string, unknown> = {};
    for (const field of this.kind.filters ?? []) {
      const value = query[field];
      if (Array.isArray(value) ? value.length : value) where[field] = Array.isArray(value) ? { in: value } : value;
    }
    return where;
  }

  async findByRef(organizationId: string, ref: string): Promise<R | null> {
    const where = refWhere(ref, this.kind.keyPrefix);
    return where ? this.kind.model(this.prisma).findFirst({ where: { organizationId, ...where } }) : null;
  }

  list(organizationId: string, query: Q, order: SortedRead, take: number): Promise<R[]> {
    const sorted = prismaSorted(order, RECORD_SORT);
    return this.kind.model(this.prisma).findMany({
      where: {
        organizationId,
        ...this.filters(query),
        ...(this.kind.archivable ? archivedWhere((query as { archived?: ArchivedFilter }).archived) : {}),
        ...sorted.where,
      },
      orderBy: sorted.orderBy,
      take,
    });
  }

  /** With a key prefix, takes the organization's next number inside the transaction. */
  async create(organizationId: string, data: New, tx: StrategyTx = this.prisma): Promise<R> {
    const number = this.kind.keyPrefix ? await nextKeyNumber(tx, STRATEGY_SCHEMA, organizationId, this.kind.keyPrefix) : undefined;
    return this.kind.model(tx).create({ data: { ...data, organizationId, ...(number === undefined ? {} : { number }) } });
  }

  update(organizationId: string, id: string, data: object, tx: StrategyTx = this.prisma): Promise<R> {
    return this.kind.model(tx).update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() } });
  }

  /**
   * Locks one record of the organization until the transaction ends and returns its status (null:
   * no such record), so that status checks made under the lock cannot race a concurrent change.
   */
  async lockStatus(organizationId: string, id: string, tx: StrategyTx): Promise<string | null> {
    const rows = await tx.$queryRawUnsafe<{ status: string }[]>(
      `SELECT status FROM "${STRATEGY_SCHEMA}"."${this.kind.table}" WHERE id = $1::uuid AND organization_id = $2::uuid AND ${liveRow()} FOR UPDATE`,
      id,
      organizationId,
    );
    return rows[0]?.status ?? null;
  }
}
