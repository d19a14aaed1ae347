import { Permission, assertCan } from '@pds/auth';
import { AuthContext, CursorPosition, NotFoundError, Page } from '@pds/contracts';
import { OutboxEvents } from '@pds/messaging';
import { readPage } from '@pds/persistence';
import { changedFields } from './record-ref';
import { StrategyOutbox } from '../database/strategy.outbox';
import { StrategyTx } from '../database/strategy.prisma';

interface Row {
  id: string;
  organizationId: string;
  createdAt: Date;
}

/** What a record's repository offers the service: find by path id, a filtered page, a partial update. */
export interface KeyedRecords<R extends Row, Q> {
  findByRef(organizationId: string, ref: string): Promise<R | null>;
  list(organizationId: string, query: Q, after: CursorPosition | undefined, take: number): Promise<R[]>;
  update(organizationId: string, id: string, data: Record<string, unknown>, tx: StrategyTx): Promise<R>;
}

/** How one kind of record is named in a 404, returned, and announced when it changes. */
export interface RecordKind<R, T> {
  resource: string;
  toResponse: (row: R) => T;
  /**
   * Writes the kind's `*.updated` event. A function written in each service rather than an event
   * name, so that the event type stands in an `emit(…)` of the service that sends it, where the
   * NATS-permissions spec (libs/messaging) reads what each app publishes.
   */
  emitUpdated: (events: OutboxEvents, organizationId: string, response: T) => Promise<unknown>;
}

/**
 * The get / list / update every strategy record with events shares (OKRs, opportunities,
 * solutions, experiments): access checked first, every read scoped by organization, a PATCH that
 * changes nothing writes and emits nothing, a change and its event in one outbox transaction.
 * Creation differs per kind (keys, idempotency, events), so subclasses write their own.
 */
export abstract class KeyedRecordService<R extends Row, T extends object, Q extends { limit?: number; cursor?: string }> {
  protected constructor(
    private readonly records: KeyedRecords<R, Q>,
    protected readonly outbox: StrategyOutbox,
    private readonly kind: RecordKind<R, T>,
  ) {}

  async get(auth: AuthContext, ref: string): Promise<T> {
    assertCan(auth, Permission.Read);
    return this.kind.toResponse(await this.require(auth.organizationId, ref));
  }

  async list(auth: AuthContext, query: Q): Promise<Page<T>> {
    assertCan(auth, Permission.Read);
    return readPage(query, (after, take) => this.records.list(auth.organizationId, query, after, take), this.kind.toResponse);
  }

  async update(auth: AuthContext, ref: string, dto: object): Promise<T> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    const changes = changedFields(current, dto);
    await this.checkUpdate(auth.organizationId, current, dto, changes);
    if (Object.keys(changes).length === 0) return this.kind.toResponse(current);
    return this.outbox.transaction(async (tx, events) =>
      this.emitUpdated(events, await this.records.update(auth.organizationId, current.id, changes, tx)),
    );
  }

  /** Where a kind refuses an update: body ids of another organization (400), a frozen field (409). */
  protected async checkUpdate(_organizationId: string, _current: R, _dto: object, _changes: Record<string, unknown>): Promise<void> {}

  /** Writes the kind's `*.updated` with the record as REST returns it, in the caller's transaction. */
  protected async emitUpdated(events: OutboxEvents, row: R): Promise<T> {
    const response = this.kind.toResponse(row);
    await this.kind.emitUpdated(events, row.organizationId, response);
    return response;
  }

  async require(organizationId: string, ref: string): Promise<R> {
    const row = await this.records.findByRef(organizationId, ref);
    if (!row) throw new NotFoundError(this.kind.resource, ref);
    return row;
  }
}
