import { Permission, assertCan } from '@pds/auth';
import { AuthContext, ListQuery, Page } from '@pds/contracts';
import { PlainRecordRepository } from './plain-record.repository';
import { StrategyReferenceInput, StrategyReferences } from '../references/strategy.references';

/** The body ids a kind points at, checked against the caller's organization before a write (400). */
export interface RecordLinks<Body> {
  references: StrategyReferences;
  of: (dto: Body) => StrategyReferenceInput;
}

/**
 * Get, list, create and partial update of a plain record (goals, planning cycles, interviews,
 * insights): access checked first, then the repository, which scopes every query by organization.
 * A kind that converts its body (dates) overrides `toCreate` / `toUpdate`.
 */
export abstract class PlainRecordService<R extends { id: string; createdAt: Date }, T, Create extends object, Update extends object> {
  protected constructor(
    protected readonly records: PlainRecordRepository<R, T>,
    private readonly links?: RecordLinks<Create | Update>,
  ) {}

  list(auth: AuthContext, query: ListQuery): Promise<Page<T>> {
    assertCan(auth, Permission.Read);
    return this.records.list(auth.organizationId, query);
  }

  get(auth: AuthContext, ref: string): Promise<T> {
    assertCan(auth, Permission.Read);
    return this.records.get(auth.organizationId, ref);
  }

  async create(auth: AuthContext, dto: Create): Promise<T> {
    assertCan(auth, Permission.StrategyWrite);
    if (this.links) await this.links.references.check(auth.organizationId, this.links.of(dto));
    return this.records.create(auth.organizationId, this.toCreate(dto));
  }

  /** Read once: an unknown record is 404 even when the body also names a foreign id. */
  async update(auth: AuthContext, ref: string, dto: Update): Promise<T> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.records.require(auth.organizationId, ref);
    if (this.links) await this.links.references.check(auth.organizationId, this.links.of(dto));
    return this.records.update(auth.organizationId, current, this.toUpdate(current, dto));
  }

  /** The row to insert for a create body. */
  protected toCreate(dto: Create): object {
    return dto;
  }

  /** The fields to change for an update body (a kind may check them against the stored record). */
  protected toUpdate(_current: R, dto: Update): object {
    return dto;
  }
}
