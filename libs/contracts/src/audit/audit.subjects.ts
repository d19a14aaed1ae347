import type { Page } from '../common/pagination';
import { QueryRequest } from '../common/requests';
import { defineSubject } from '../common/subject';
import { AuditLogQuery } from './audit.dto';
import type { AuditEntry } from './audit.entry';

export class AuditLogRequest extends QueryRequest(AuditLogQuery) {}

/** Served by the webhook dispatcher, where the audit log lives. */
export const AuditSubjects = Object.freeze({
  /** `GET /audit-log` (ADMIN). */
  list: defineSubject<AuditLogRequest, Page<AuditEntry>>('webhooks.audit.list'),
  /** The entries of one record (`query.recordId`, a uuid) for anyone who may read it: the edge read the record first. */
  history: defineSubject<AuditLogRequest, Page<AuditEntry>>('webhooks.audit.history'),
});
