import { Get, Inject, Injectable, Param, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
import {
  AuditEntry,
  AuditEntryResponse,
  AuditLogQuery,
  AuditSubjects,
  AuthContext,
  DeliverySubjects,
  Page,
  RecordHistoryQuery,
  StrategySubjects,
  Subject,
  WorkItemSubjects,
} from '@pds/contracts';
import { Doc } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
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

/** `GET /audit-log` (ADMIN): every change of the organization, newest first. */
@ApiController('audit-log')
export class AuditLogController {
  constructor(@Inject(AuditLogReader) private readonly log: AuditLogReader) {}

  @Get()
  @Paginated(AuditEntryResponse)
  @Doc(
    'List the audit log',
    "Every change made in the organization, through any edge (REST, MCP, the portal, Git automations, the operator API), newest first (`sort=at` for oldest first): who (`actor`), through which edge (`via`), what (`action`, `record`) and the changed fields (`changes`, long texts shortened; never secrets nor a stakeholder's contact data). Entries are written in the transaction of their change and are kept `AUDIT_RETENTION_DAYS` (400 by default); the log is read-only.",
    { requires: Permission.AuditRead },
  )
  list(@Auth() auth: AuthContext, @Query() query: AuditLogQuery): Promise<Page<AuditEntry>> {
    return this.log.list(auth, query);
  }
}

/** The routes `GET /{collection}/{id}/history` of one collection, read with its get subject. */
function HistoryRoutes<R extends { id: string }>(collection: string, one: string, get: Subject<{ auth: AuthContext; id: string }, R>) {
  @ApiController(collection)
  class RecordHistoryController {
    constructor(@Inject(AuditLogReader) readonly log: AuditLogReader) {}

    @Get(':id/history')
    @Paginated(AuditEntryResponse)
    @Doc(`Get ${one === 'OKR' ? 'an' : 'a'} ${one}'s history`, `The audit entries of one ${one} (by uuid or key), newest first (\`sort=at\` for oldest first): who changed what, when and through which edge. For anyone who may read the ${one}.`, {
      requires: Permission.Read,
    })
    history(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: RecordHistoryQuery): Promise<Page<AuditEntry>> {
      return this.log.history(auth, get, id, query);
    }
  }
  return RecordHistoryController;
}

export class WorkItemHistoryController extends HistoryRoutes('work-items', 'work item', WorkItemSubjects.get) {}
export class CkrHistoryController extends HistoryRoutes('ckrs', 'OKR', StrategySubjects.ckrGet) {}
export class OpportunityHistoryController extends HistoryRoutes('opportunities', 'opportunity', StrategySubjects.opportunityGet) {}
export class IntakeHistoryController extends HistoryRoutes('intake', 'intake submission', DeliverySubjects.intakeGet) {}

export const AUDIT_CONTROLLERS = [AuditLogController, WorkItemHistoryController, CkrHistoryController, OpportunityHistoryController, IntakeHistoryController];
