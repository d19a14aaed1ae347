import { CursorPosition } from '@pds/contracts';
import { keysetAfter, nextKeyNumber } from '@pds/persistence';
import { KeyedRecords } from './keyed-record.service';
import { PlainDelegate } from './plain-record.repository';
import { refWhere } from './record-ref';
import { CREATION_ORDER, STRATEGY_SCHEMA, StrategyTx } from '../database/strategy.prisma';

interface Row {
  id: string;
  organizationId: string;
  createdAt: Date;
}

/**
 * Opportunities, solutions and experiments: found by uuid or human key, listed by creation with
 * each kind's filters, created and updated in the caller's transaction; every query is scoped by
 * organization id. A kind with a key prefix numbers its records (OPP-1, EXP-1) per organization.
 */
export abstract class KeyedRecordRepository<R extends Row, Q, New extends object> implements KeyedRecords<R, Q> {
  protected constructor(
    private readonly prisma: StrategyTx,
    /** The kind's model delegate on the client or a transaction (`(db) => db.solution`). */
    private readonly model: (db: StrategyTx) => PlainDelegate<R>,
    private readonly keyPrefix?: string,
  ) {}

  /** The kind's list filters, from its query. */
  protected abstract filters(query: Q): object;

  async findByRef(organizationId: string, ref: string): Promise<R | null> {
    const where = refWhere(ref, this.keyPrefix);
    return where ? this.model(this.prisma).findFirst({ where: { organizationId, ...where } }) : null;
  }

  list(organizationId: string, query: Q, after: CursorPosition | undefined, take: number): Promise<R[]> {
    return this.model(this.prisma).findMany({
      where: { organizationId, ...this.filters(query), ...keysetAfter(after) },
      orderBy: [...CREATION_ORDER],
      take,
    });
  }

  /** With a key prefix, takes the organization's next number inside the caller's transaction. */
  async create(organizationId: string, data: New, tx: StrategyTx): Promise<R> {
    const number = this.keyPrefix ? await nextKeyNumber(tx, STRATEGY_SCHEMA, organizationId, this.keyPrefix) : undefined;
    return this.model(tx).create({ data: { ...data, organizationId, ...(number === undefined ? {} : { number }) } });
  }

  update(organizationId: string, id: string, data: object, tx: StrategyTx): Promise<R> {
    return this.model(tx).update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() } });
  }
}
