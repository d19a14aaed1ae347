import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AUDIT_SORT, AuditBy, AuditEntry, AuditLogQuery, AuditWrite, AuthContext, EventEnvelope, Page, isUuid } from '@pds/contracts';
import { auditEnvelope } from '@pds/messaging';
import { GroupCommit, SqlExecutor, readSortedPage } from '@pds/persistence';
import { AuditEntryRepository, AuditEntryRow, AuditFilter } from './audit-entry.repository';
import { toAuditEntry } from './audit-entry.mapper';

const at = (row: AuditEntryRow): string => new Date(row.at).toISOString();

/**
 * The audit log: entries arrive from every context's outbox (the `audit.recorded` events) and are
 * stored together when they come together; the webhook subscriptions, whose changes are made in
 * this process, write theirs in their own transaction (`recordIn`). Read newest first.
 */
@Injectable()
export class AuditLogService {
  private readonly stored = new GroupCommit<EventEnvelope<AuditEntry>>(
    (envelopes) => this.entries.append(envelopes.map((envelope) => ({ organizationId: envelope.organizationId, entry: envelope.data }))),
    { maxGroup: 200, isolateFailures: true },
  );

  constructor(@Inject(AuditEntryRepository) private readonly entries: AuditEntryRepository) {}

  accept(envelope: EventEnvelope<AuditEntry>): Promise<void> {
    return this.stored.submit(envelope);
  }

  /** The entry of a change made in `tx`, a transaction of this schema: committed with it or not at all. */
  recordIn(tx: SqlExecutor, by: AuditBy, write: AuditWrite): Promise<void> {
    const envelope = auditEnvelope(by, write);
    return this.entries.append([{ organizationId: envelope.organizationId, entry: envelope.data as AuditEntry }], tx);
  }

  /** `GET /audit-log` (ADMIN). */
  list(auth: AuthContext, query: AuditLogQuery): Promise<Page<AuditEntry>> {
    assertCan(auth, Permission.AuditRead);
    return this.read(auth.organizationId, query);
  }

  /**
   * `GET /{collection}/{id}/history`: the edge has already read the record as the caller (so a record
   * they may not see is a 404 before this), and names it by uuid.
   */
  history(auth: AuthContext, query: AuditLogQuery): Promise<Page<AuditEntry>> {
    assertCan(auth, Permission.Read);
    return this.read(auth.organizationId, { limit: query.limit, cursor: query.cursor, sort: query.sort, recordId: query.recordId });
  }

  private read(organizationId: string, query: AuditLogQuery): Promise<Page<AuditEntry>> {
    const { recordId, ...rest } = query;
    const filter: AuditFilter = { actorId: rest.actorId, action: rest.action, via: rest.via, since: rest.since, until: rest.until };
    // A uuid names the record itself; anything else is its human key (`wi-2` is `WI-2`).
    if (recordId !== undefined) {
      if (isUuid(recordId)) filter.recordId = recordId.toLowerCase();
      else filter.recordKey = recordId.toUpperCase();
    }
    return readSortedPage(query, AUDIT_SORT, (order, take) => this.entries.list(organizationId, filter, order, take), toAuditEntry, at);
  }
}
