import { Inject, InjectionToken, Logger, OnApplicationBootstrap, OnApplicationShutdown, Provider, Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Permission, assertCan } from '@pds/auth';
import { TrashConfig, loadConfig, trashOptionsFrom } from '@pds/config';
import {
  AuthContext,
  ConflictError,
  DeleteRecordRequest,
  DeletedRecordResponse,
  EventType,
  GatheredSubjects,
  ListTrashQuery,
  ListTrashRequest,
  NotFoundError,
  Page,
  RecordKind,
  RecordLifecycleData,
  RestoreRecordRequest,
  TrashEntryResponse,
  TRASH_SORT,
  TrashKind,
  Subject,
  formatKey,
  keyPrefixOf,
  resourceOf,
} from '@pds/contracts';
import { RawSqlClient, TrashRow, TrashStore, readSortedPage } from '@pds/persistence';
import { TransactionalOutbox } from './outbox.writer';

/** How long a deleted record can be restored, and how the purge after that runs. */
export interface TrashOptions {
  retentionMs: number;
  /** Pause between two purges of the context's trash. */
  purgeIntervalMs: number;
  /** Rows one purge statement removes at most (one short statement each: no long locks). */
  purgeBatch: number;
}

/** The events of the trash, which every context with records to delete declares. */
export type TrashEvent = typeof EventType.RecordDeleted | typeof EventType.RecordRestored;

/** A restore that would break a uniqueness among live records (a label's name taken meanwhile). */
function isUniqueViolation(error: unknown): boolean {
  const { code, meta, message } = (error ?? {}) as { code?: unknown; meta?: unknown; message?: unknown };
  return code === 'P2002' || /\b23505\b|unique constraint/i.test(`${JSON.stringify(meta ?? {})} ${String(message)}`);
}

/**
 * One context's trash: DELETE of its records (soft, `deletedAt`), its share of `GET /trash`, restore,
 * and the purge past the retention. Each delete and restore writes its `record.deleted` /
 * `record.restored` event in the same outbox transaction. The record itself is left as it was (no
 * other column changes), so a restore gives back exactly what was there.
 */
export class RecordTrash<K extends TrashKind & RecordKind, Tx extends RawSqlClient> {
  constructor(
    private readonly outbox: TransactionalOutbox<Tx, TrashEvent>,
    private readonly store: TrashStore<K>,
    private readonly db: RawSqlClient,
    readonly options: TrashOptions,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async delete(auth: AuthContext, kind: K, ref: string): Promise<DeletedRecordResponse> {
    assertCan(auth, Permission.RecordsDelete);
    const at = this.now();
    const row = await this.outbox.transaction(async (tx, events) => {
      const deleted = await this.store.softDelete(tx, auth.organizationId, kind, ref, at, auth.userId);
      if (deleted) {
        await events.emit(EventType.RecordDeleted, auth.organizationId, this.eventData(deleted));
        events.audit(auth, { action: 'deleted', record: { type: deleted.type, id: deleted.id, key: this.key(deleted) } });
      }
      return deleted;
    });
    if (!row) throw new NotFoundError(resourceOf(kind), ref);
    const entry = this.toEntry(row);
    return { id: entry.id, key: entry.key, deletedAt: entry.deletedAt, restorableUntil: entry.restorableUntil };
  }

  /** This context's part of the trash page: in the query's order after the gateway's cursor (of that order). */
  list(auth: AuthContext, query: ListTrashQuery): Promise<Page<TrashEntryResponse>> {
    assertCan(auth, Permission.RecordsDelete);
    return readSortedPage(
      query,
      TRASH_SORT,
      (order, take) => this.store.page(this.db, auth.organizationId, this.restorableSince(), order, take),
      (row) => this.toEntry(row),
      (row) => row.deleted_at.toISOString(),
    );
  }

  /** Null when no record of this context's trash has that uuid or key (another context may own it). */
  async restore(auth: AuthContext, ref: string): Promise<TrashEntryResponse | null> {
    assertCan(auth, Permission.RecordsDelete);
    try {
      return await this.outbox.transaction(async (tx, events) => {
        const row = await this.store.lockDeleted(tx, auth.organizationId, ref, this.restorableSince());
        if (!row) return null;
        await this.store.restore(tx, auth.organizationId, row);
        await events.emit(EventType.RecordRestored, auth.organizationId, this.eventData(row));
        events.audit(auth, { action: 'restored', record: { type: row.type, id: row.id, key: this.key(row) } });
        return this.toEntry(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError('A live record has taken this name meanwhile: rename it, then restore', { id: [ref] });
      }
      throw error;
    }
  }

  /** Removes for good what is past the retention, table by table in short batches; answers how many rows went. */
  async purge(): Promise<number> {
    const cutoff = this.restorableSince();
    let purged = 0;
    for (const kind of this.store.kinds) {
      for (;;) {
        const count = await this.store.purgeBatch(this.db, kind, cutoff, this.options.purgeBatch);
        purged += count;
        if (count < this.options.purgeBatch) break;
      }
    }
    return purged;
  }

  private restorableSince(): Date {
    return new Date(this.now().getTime() - this.options.retentionMs);
  }

  private key(row: TrashRow<K>): string | null {
    const prefix = keyPrefixOf(row.type);
    return prefix && row.number !== null ? formatKey(prefix, Number(row.number)) : null;
  }

  private eventData(row: TrashRow<K>): RecordLifecycleData {
    return { type: row.type, id: row.id, key: this.key(row), title: row.title };
  }

  private toEntry(row: TrashRow<K>): TrashEntryResponse {
    const deletedAt = new Date(row.deleted_at);
    return {
      id: row.id,
      key: this.key(row),
      type: row.type,
      title: row.title,
      deletedAt: deletedAt.toISOString(),
      deletedBy: row.deleted_by,
      restorableUntil: new Date(deletedAt.getTime() + this.options.retentionMs).toISOString(),
    };
  }
}

/**
 * Runs a context's purge soon after start and then every `purgeIntervalMs`, one at a time per
 * process; replicas may purge at once (SKIP LOCKED: each takes other rows). A failed purge is
 * logged and tried again at the next turn.
 */
export class TrashPurgeJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly log = new Logger('TrashPurge');

  constructor(private readonly trash: Pick<RecordTrash<never, never>, 'purge' | 'options'>) {}

  onApplicationBootstrap(): void {
    this.schedule(Math.min(5_000, this.trash.options.purgeIntervalMs));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.trash
        .purge()
        .then((count) => {
          if (count > 0) this.log.log(`purged ${count} records past the trash retention`);
        })
        .catch((error: unknown) => this.log.warn(`trash purge failed, retried at the next turn: ${String(error)}`))
        .finally(() => this.schedule(this.trash.options.purgeIntervalMs));
    }, delayMs);
    this.timer.unref();
  }
}

/**
 * A context's trash and its purge job as providers: the trash (`token`, the context's subclass of
 * RecordTrash) over `store`, built from the context's outbox and database client with the TRASH_*
 * settings, and the job that purges it.
 */
export function trashProviders<K extends TrashKind & RecordKind, Tx extends RawSqlClient>(
  token: new (...args: ConstructorParameters<typeof RecordTrash<K, Tx>>) => RecordTrash<K, Tx>,
  store: TrashStore<K>,
  outbox: InjectionToken,
  db: InjectionToken,
): Provider[] {
  return [
    {
      provide: token,
      useFactory: (events: TransactionalOutbox<Tx, TrashEvent>, client: RawSqlClient) => new token(events, store, client, trashOptionsFrom(loadConfig(TrashConfig))),
      inject: [outbox, db],
    },
    { provide: `${token.name}PurgeJob`, useFactory: (trash: RecordTrash<K, Tx>) => new TrashPurgeJob(trash), inject: [token] },
  ];
}

/**
 * What a context's trash answers on the bus: DELETE of its records on its own subject, and its
 * share of `GET /trash` and of a restore (the gathered subjects every context with a trash serves
 * alike). A Nest mixin like RecordHandlers:
 *
 * ```ts
 * @MessageController()
 * export class DeliveryTrashHandler extends TrashHandlers(DeliveryTrash, DELIVERY_TRASH_KINDS, S.recordDelete) {}
 * ```
 */
export function TrashHandlers<K extends TrashKind & RecordKind>(
  token: Type<RecordTrash<K, RawSqlClient>>,
  kinds: readonly K[],
  recordDelete: Subject<DeleteRecordRequest, DeletedRecordResponse>,
): Type<object> {
  class Handlers {
    constructor(@Inject(token) private readonly trash: RecordTrash<K, RawSqlClient>) {}

    /** A kind this context does not own is a record it does not have: 404, like an unknown id. */
    @MessagePattern(recordDelete)
    delete(@Payload() { auth, type, id }: DeleteRecordRequest): Promise<DeletedRecordResponse> {
      if (!(kinds as readonly string[]).includes(type)) throw new NotFoundError('Record', id);
      return this.trash.delete(auth, type as K, id);
    }

    @MessagePattern(GatheredSubjects.trashList)
    list(@Payload() { auth, query }: ListTrashRequest): Promise<Page<TrashEntryResponse>> {
      return this.trash.list(auth, query);
    }

    @MessagePattern(GatheredSubjects.trashRestore)
    restore(@Payload() { auth, id }: RestoreRecordRequest): Promise<TrashEntryResponse | null> {
      return this.trash.restore(auth, id);
    }
  }
  return Handlers;
}
