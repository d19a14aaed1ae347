import { Permission, assertCan } from '@pds/auth';
import { AuthContext, RecordListQuery } from '@pds/contracts';
import { StrategyOutbox } from '../database/strategy.outbox';
import { changedFields } from './changed-fields';
import { RecordRepository, RecordRow } from './record.repository';
import { RecordDescription, RecordService } from './record.service';

/**
 * Create and partial update of a record without events (goals, planning cycles, interviews,
 * insights; only its audit entry, in the same transaction), beside RecordService's reads. A kind that converts its body (dates) overrides
 * `toCreate` / `toUpdate`.
 */
export abstract class PlainRecordService<R extends RecordRow, T, Create extends object, Update extends object> extends RecordService<
  R,
  T,
  RecordListQuery,
  Create | Update
> {
  protected constructor(
    private readonly records: RecordRepository<R, RecordListQuery>,
    private readonly outbox: StrategyOutbox,
    kind: RecordDescription<R, T, Create | Update>,
  ) {
    super(records, kind);
  }

  async create(auth: AuthContext, dto: Create): Promise<T> {
    assertCan(auth, Permission.StrategyWrite);
    await this.checkLinks(auth.organizationId, dto);
    return this.outbox.transaction(async (tx, events) => {
      const created = this.kind.toResponse(await this.records.create(auth.organizationId, this.toCreate(dto), tx));
      events.audit(auth, this.auditEntry('created', created));
      return created;
    });
  }

  /** Read once: an unknown record is 404 even when the body also names a foreign id. */
  async update(auth: AuthContext, ref: string, dto: Update): Promise<T> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    this.assertWritable(current, ref);
    await this.checkLinks(auth.organizationId, dto);
    const changes = changedFields(current, this.toUpdate(current, dto));
    if (Object.keys(changes).length === 0) return this.kind.toResponse(current);
    return this.outbox.transaction(async (tx, events) => {
      const after = this.kind.toResponse(await this.records.update(auth.organizationId, current.id, changes, tx));
      events.audit(auth, this.auditEntry('updated', after, current, Object.keys(changes)));
      return after;
    });
  }

  protected saveArchived(auth: AuthContext, current: R, at: Date | null): Promise<T> {
    return this.outbox.transaction(async (tx, events) => {
      const after = this.kind.toResponse(await this.records.update(current.organizationId, current.id, { archivedAt: at }, tx));
      events.audit(auth, this.auditEntry(at ? 'archived' : 'unarchived', after));
      return after;
    });
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
