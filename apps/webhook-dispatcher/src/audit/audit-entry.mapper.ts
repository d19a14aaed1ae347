import { AuditActorType, AuditEntry, AuditVia } from '@pds/contracts';
import type { AuditEntryRow } from './audit-entry.repository';

export function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: { type: row.actor_type as AuditActorType, userId: row.actor_user_id, apiKeyId: row.actor_key_id, name: row.actor_name },
    via: row.via as AuditVia,
    action: row.action,
    record: { type: row.record_type, id: row.record_id, key: row.record_key },
    changes: row.changes,
    requestId: row.request_id,
  };
}
