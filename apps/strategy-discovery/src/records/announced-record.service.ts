import { Permission, assertCan } from '@pds/auth';
import { AuthContext } from '@pds/contracts';
import { OutboxEvents } from '@pds/messaging';
import { StrategyEvent, StrategyOutbox } from '../database/strategy.outbox';
import { StrategyTx } from '../database/strategy.prisma';
import { changedFields } from './changed-fields';
import { RecordRow } from './record.repository';
import { RecordDescription, RecordReads, RecordService } from './record.service';

/** What an announced record's repository offers beyond the reads: create and partial update in a transaction. */
export interface RecordWrites<R extends RecordRow, Q, New> extends RecordReads<R, Q> {
  create(organizationId: string, data: New, tx: StrategyTx): Promise<R>;
  update(organizationId: string, id: string, data: Record<string, unknown>, tx: StrategyTx): Promise<R>;
}

/** The events a kind writes, in this order, when one of its records is created and when one changes. */
export interface RecordEvents {
  created: readonly StrategyEvent[];
  updated: readonly StrategyEvent[];
}

/**
 * Create and partial update of the strategy records whose changes other contexts hear of (OKRs,
 * opportunities, solutions, experiments), beside RecordService's reads: each write and the kind's
 * events go in one outbox transaction, and a PATCH that changes nothing writes and emits nothing.
 * A kind builds its row from the body in `toCreate` (keys, defaults); `insert` also serves writes
 * that run inside another one's transaction (promote creates an OKR).
 */
export abstract class AnnouncedRecordService<
  R extends RecordRow,
  T extends object,
  Q extends { limit?: number; cursor?: string },
  Create extends object,
  Update extends object,
  New extends object,
> extends RecordService<R, T, Q, Create | Update> {
  private readonly announcements: RecordEvents;

  protected constructor(
    private readonly records: RecordWrites<R, Q, New>,
    protected readonly outbox: StrategyOutbox,
    kind: RecordDescription<R, T, Create | Update> & { events: RecordEvents },
  ) {
    super(records, kind);
    this.announcements = kind.events;
  }

  async create(auth: AuthContext, dto: Create): Promise<T> {
    assertCan(auth, Permission.StrategyWrite);
    await this.checkLinks(auth.organizationId, dto);
    const data = this.toCreate(dto);
    return this.outbox.transaction((tx, events) => this.insert(auth, data, tx, events));
  }

  async update(auth: AuthContext, ref: string, dto: Update): Promise<T> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    this.assertWritable(current, ref);
    const changes = changedFields(current, dto);
    await this.checkLinks(auth.organizationId, dto);
    await this.checkUpdate(current, changes);
    if (Object.keys(changes).length === 0) return this.kind.toResponse(current);
    return this.outbox.transaction(async (tx, events) => {
      const after = await this.announce(events, 'updated', await this.records.update(auth.organizationId, current.id, changes, tx));
      events.audit(auth, this.auditEntry('updated', after, current, Object.keys(changes)));
      return after;
    });
  }

  /** Other contexts hear of it as of any change: the kind's update events, with `archivedAt`. */
  protected saveArchived(auth: AuthContext, current: R, at: Date | null): Promise<T> {
    return this.outbox.transaction(async (tx, events) => {
      const after = await this.announce(events, 'updated', await this.records.update(current.organizationId, current.id, { archivedAt: at }, tx));
      events.audit(auth, this.auditEntry(at ? 'archived' : 'unarchived', after));
      return after;
    });
  }

  /** Inserts a record with the kind's creation events (and its audit entry) in the caller's transaction. */
  async insert(auth: AuthContext, data: New, tx: StrategyTx, events: OutboxEvents<StrategyEvent>): Promise<T> {
    const created = await this.announce(events, 'created', await this.records.create(auth.organizationId, data, tx));
    events.audit(auth, this.auditEntry('created', created));
    return created;
  }

  /** The row to insert for a create body. */
  protected abstract toCreate(dto: Create): New;

  /** Where a kind refuses a change of a stored record (a frozen field: 409). */
  protected checkUpdate(_current: R, _changes: Record<string, unknown>): Promise<void> | void {}

  /** Writes the kind's events of a create or a change, with the record as REST returns it. */
  protected async announce(events: OutboxEvents<StrategyEvent>, write: keyof RecordEvents, row: R): Promise<T> {
    const response = this.kind.toResponse(row);
    for (const event of this.announcements[write]) await events.emit(event, row.organizationId, response);
    return response;
  }
}
