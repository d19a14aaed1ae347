import { Inject, Injectable } from '@nestjs/common';
import { AuditEntry, AuditLogQuery, AuditSubjects, AuthContext, Page, RecordHistoryQuery, Subject } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { UserNameRepository } from '../identity/user-name.repository';

/**
 * Reads the audit log (kept by the webhook dispatcher) and puts each person's current name on the
 * entries: the log stores user ids only, so a renamed user shows under the new name and no user's
 * name is copied into it.
 */
@Injectable()
export class AuditLogReader {
  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(UserNameRepository) private readonly users: UserNameRepository,
  ) {}

  async list(auth: AuthContext, query: AuditLogQuery): Promise<Page<AuditEntry>> {
    return this.named(auth, await this.bus.request(AuditSubjects.list, { auth, query }));
  }

  /**
   * The history of one record: read first as the caller through its own context (404 for a record
   * they may not see, or another organization's), then its entries by uuid.
   */
  async history<R extends { id: string }>(
    auth: AuthContext,
    get: Subject<{ auth: AuthContext; id: string }, R>,
    id: string,
    query: RecordHistoryQuery,
  ): Promise<Page<AuditEntry>> {
    const record = await this.bus.request(get, { auth, id });
    return this.named(auth, await this.bus.request(AuditSubjects.history, { auth, query: { ...query, recordId: record.id } }));
  }

  private async named(auth: AuthContext, page: Page<AuditEntry>): Promise<Page<AuditEntry>> {
    const ids = new Set<string>();
    for (const entry of page.items) if (entry.actor.userId) ids.add(entry.actor.userId);
    if (ids.size === 0) return page;
    const names = await this.users.names(auth.organizationId, [...ids]);
    for (const entry of page.items) if (entry.actor.userId) entry.actor.name = names.get(entry.actor.userId) ?? null;
    return page;
  }
}
