import { Permission, assertCan } from '@pds/auth';
import { AuditWrite, AuthContext, NotFoundError, Page, RECORD_SORT, RecordKind, SortedRead, assertNotArchived, changesOf, resourceOf } from '@pds/contracts';
import { plainSortValue, readSortedPage } from '@pds/persistence';
import { StrategyReferenceInput, StrategyReferences } from '../references/strategy.references';
import { RecordRow } from './record.repository';

/** What a record service reads from its repository: rows, or null where none matches. */
export interface RecordReads<R extends RecordRow, Q> {
  findByRef(organizationId: string, ref: string): Promise<R | null>;
  list(organizationId: string, query: Q, order: SortedRead, take: number): Promise<R[]>;
}

/** The body ids a kind points at, checked against the caller's organization before a write (400). */
export interface RecordLinks<Body> {
  references: StrategyReferences;
  of: (dto: Body) => StrategyReferenceInput;
}

/** Which kind a record is (its 404 names it by RECORD_KINDS' noun), how it is returned, and which body ids it checks. */
export interface RecordDescription<R, T, Body = never> {
  /** The kind's name in events and the audit log (`ckr`, `annual_goal`). */
  recordKind: RecordKind;
  toResponse: (row: R) => T;
  links?: RecordLinks<Body>;
}

/**
 * What every strategy record kind shares: access checked first, then the repository, which scopes
 * every query by organization and answers rows; here they become responses, and a record that is
 * not the organization's becomes a 404. Writes are the subclasses': PlainRecordService (no events)
 * and AnnouncedRecordService (events in the outbox transaction).
 */
export abstract class RecordService<R extends RecordRow, T, Q extends { limit?: number; cursor?: string; sort?: string }, Body = never> {
  protected constructor(
    private readonly reads: RecordReads<R, Q>,
    protected readonly kind: RecordDescription<R, T, Body>,
  ) {}

  async get(auth: AuthContext, ref: string): Promise<T> {
    assertCan(auth, Permission.Read);
    return this.kind.toResponse(await this.require(auth.organizationId, ref));
  }

  /** The record, or null where the organization has none by that ref (what a packet leaves out). */
  async find(auth: AuthContext, ref: string): Promise<T | null> {
    assertCan(auth, Permission.Read);
    const row = await this.reads.findByRef(auth.organizationId, ref);
    return row ? this.kind.toResponse(row) : null;
  }

  list(auth: AuthContext, query: Q): Promise<Page<T>> {
    assertCan(auth, Permission.Read);
    return readSortedPage(query, RECORD_SORT, (order, take) => this.reads.list(auth.organizationId, query, order, take), this.kind.toResponse, plainSortValue);
  }

  /**
   * Idempotent: archiving an archived record answers it unchanged (so does unarchiving a live one).
   * Served only for the kinds whose resource names these operations (those with `archivedAt`).
   */
  archive(auth: AuthContext, ref: string): Promise<T> {
    return this.setArchived(auth, ref, new Date());
  }

  unarchive(auth: AuthContext, ref: string): Promise<T> {
    return this.setArchived(auth, ref, null);
  }

  private async setArchived(auth: AuthContext, ref: string, at: Date | null): Promise<T> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    if ((current.archivedAt != null) === (at !== null)) return this.kind.toResponse(current);
    return this.saveArchived(auth, current, at);
  }

  /** Writes `archivedAt` with its audit entry (a kind whose changes are announced writes its events with it). */
  protected abstract saveArchived(auth: AuthContext, current: R, at: Date | null): Promise<T>;

  /** An archived record refuses changes (409) until it is unarchived. */
  protected assertWritable(row: R, ref: string): void {
    assertNotArchived(resourceOf(this.kind.recordKind), ref, row.archivedAt);
  }

  async require(organizationId: string, ref: string): Promise<R> {
    const row = await this.reads.findByRef(organizationId, ref);
    if (!row) throw new NotFoundError(resourceOf(this.kind.recordKind), ref);
    return row;
  }

  /** The audit entry of a write of `after` (changes: the `fields` written, from `before`'s values). */
  protected auditEntry(action: string, after: T, before?: R, fields?: Iterable<string>): AuditWrite {
    const record = after as { id: string; key?: string | null };
    const changes = before === undefined ? null : changesOf(this.kind.toResponse(before) as object, after as object, fields);
    return { action, record: { type: this.kind.recordKind, id: record.id, key: record.key ?? null }, changes };
  }

  /** 400 with every body id that names no record of the organization (the kind's links). */
  protected async checkLinks(organizationId: string, dto: Body): Promise<void> {
    if (this.kind.links) await this.kind.links.references.check(organizationId, this.kind.links.of(dto));
  }
}
