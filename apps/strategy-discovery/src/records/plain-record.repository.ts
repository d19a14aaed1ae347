import { CursorPosition, ListQuery, NotFoundError, Page } from '@pds/contracts';
import { keysetAfter, readPage } from '@pds/persistence';
import { changedFields, refWhere } from './record-ref';

interface Row {
  id: string;
  createdAt: Date;
}

/** The part of a Prisma model delegate the plain records use (method syntax keeps it assignable). */
export interface PlainDelegate<R extends Row> {
  findFirst(args: { where: object }): Promise<R | null>;
  findMany(args: { where: object; orderBy: object[]; take: number }): Promise<R[]>;
  create(args: { data: object }): Promise<R>;
  update(args: { where: { id: string; organizationId: string }; data: object }): Promise<R>;
}

/**
 * Records without human keys or events (goals, planning cycles, interviews, insights): get, list,
 * create and partial update, always scoped by organization.
 */
export class PlainRecordRepository<R extends Row, T> {
  constructor(
    private readonly delegate: PlainDelegate<R>,
    private readonly resource: string,
    private readonly map: (row: R) => T,
  ) {}

  async require(organizationId: string, ref: string): Promise<R> {
    const where = refWhere(ref);
    const row = where ? await this.delegate.findFirst({ where: { organizationId, ...where } }) : null;
    if (!row) throw new NotFoundError(this.resource, ref);
    return row;
  }

  async get(organizationId: string, ref: string): Promise<T> {
    return this.map(await this.require(organizationId, ref));
  }

  /** One page in creation order, by the query's cursor and limit. */
  list(organizationId: string, query: ListQuery): Promise<Page<T>> {
    const read = (after: CursorPosition | undefined, take: number) =>
      this.delegate.findMany({ where: { organizationId, ...keysetAfter(after) }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take });
    return readPage(query, read, this.map);
  }

  async create(organizationId: string, data: object): Promise<T> {
    return this.map(await this.delegate.create({ data: { ...data, organizationId } }));
  }

  /** A partial update of a row the caller has read (`require`); unchanged fields write nothing. */
  async update(organizationId: string, current: R, data: object): Promise<T> {
    const changes = changedFields(current, data);
    if (Object.keys(changes).length === 0) return this.map(current);
    return this.map(await this.delegate.update({ where: { id: current.id, organizationId }, data: { ...changes, updatedAt: new Date() } }));
  }
}
