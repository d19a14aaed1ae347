import { Get, Inject, Param, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
import {
  AuditEntry,
  AuditEntryResponse,
  AuditLogQuery,
  AuthContext,
  DeliverySubjects,
  Page,
  RecordHistoryQuery,
  StrategySubjects,
  Subject,
  WorkItemSubjects,
} from '@pds/contracts';
import { Doc } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { AuditLogReader } from './audit-log.reader';

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
