import { Inject, Injectable } from '@nestjs/common';
import type { AuditEntry, SortedRead } from '@pds/contracts';
import { DATABASE, Database, SqlExecutor, statementName } from '@pds/persistence';

/** Columns of webhooks.audit_entries as the log reads them. */
export interface AuditEntryRow {
  id: string;
  at: Date | string;
  actor_type: string;
  actor_user_id: string | null;
  actor_key_id: string | null;
  actor_name: string | null;
  via: string;
  action: string;
  record_type: string;
  record_id: string;
  record_key: string | null;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  request_id: string | null;
}

/** Filters of one read of the log; every read names the organization. */
export interface AuditFilter {
  actorId?: string;
  recordId?: string;
  recordKey?: string;
  action?: string;
  via?: string;
  since?: string;
  until?: string;
}

const COLUMNS =
  'id, at, actor_type, actor_user_id, actor_key_id, actor_name, via, action, record_type, record_id, record_key, changes, request_id';

/** One INSERT of many entries: their fields as one JSON array parameter (one statement text whatever the count). */
const INSERT = `INSERT INTO webhooks.audit_entries (${COLUMNS}, organization_id)
  SELECT e.id, e.at, e.actor_type, e.actor_user_id, e.actor_key_id, e.actor_name, e.via, e.action, e.record_type, e.record_id,
         e.record_key, e.changes, e.request_id, e.organization_id
    FROM jsonb_to_recordset($1::jsonb) AS e(id uuid, at timestamptz, actor_type text, actor_user_id uuid, actor_key_id text,
         actor_name text, via text, action text, record_type text, record_id uuid, record_key text, changes jsonb,
         request_id text, organization_id uuid)
  ON CONFLICT (id) DO NOTHING`;

/**
 * The audit log's table: append (idempotent on the entry id, so a redelivered message is a no-op),
 * read by (at, id), newest or oldest first, with the filters (each served by an index: the record's,
 * the key's, the actor's, or the organization's log, scanned either way), and prune by age. Nothing updates an entry.
 */
@Injectable()
export class AuditEntryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * tenant-scope: all organizations. Stores entries as the contexts wrote them, each with its own
   * organization id (the consumer takes every organization's); `tx` when the change itself is in
   * this schema's transaction.
   */
  async append(entries: readonly { organizationId: string; entry: AuditEntry }[], tx: SqlExecutor = this.db.sql): Promise<void> {
    if (entries.length === 0) return;
    const rows = entries.map(({ organizationId, entry }) => ({
      id: entry.id,
      at: entry.at,
      actor_type: entry.actor.type,
      actor_user_id: entry.actor.userId,
      actor_key_id: entry.actor.apiKeyId,
      actor_name: entry.actor.type === 'USER' ? null : entry.actor.name,
      via: entry.via,
      action: entry.action,
      record_type: entry.record.type,
      record_id: entry.record.id,
      record_key: entry.record.key,
      changes: entry.changes,
      request_id: entry.requestId,
      organization_id: organizationId,
    }));
    await tx.query(INSERT, [JSON.stringify(rows)], 'audit_append');
  }

  /** In the order's direction (the log's sort has one field, `at`), after its position. */
  list(organizationId: string, filter: AuditFilter, order: SortedRead<'at'>, take: number): Promise<AuditEntryRow[]> {
    const descending = order.keys[0].descending;
    const dir = descending ? 'DESC' : 'ASC';
    const where: string[] = [];
    const values: unknown[] = [organizationId];
    const add = (condition: (p: string) => string, value: unknown) => {
      values.push(value);
      where.push(condition(`$${values.length}`));
    };
    if (filter.recordId !== undefined) add((p) => `record_id = ${p}::uuid`, filter.recordId);
    if (filter.recordKey !== undefined) add((p) => `record_key = ${p}`, filter.recordKey);
    if (filter.actorId !== undefined) add((p) => `actor_user_id = ${p}::uuid`, filter.actorId);
    if (filter.action !== undefined) add((p) => `action = ${p}`, filter.action);
    if (filter.via !== undefined) add((p) => `via = ${p}`, filter.via);
    if (filter.since !== undefined) add((p) => `at >= ${p}::timestamptz`, filter.since);
    if (filter.until !== undefined) add((p) => `at < ${p}::timestamptz`, filter.until);
    if (order.after) {
      // A row comparison, so the keyset is a range of the (…, at DESC, id DESC) index in either direction.
      values.push(order.after.values[0], order.after.id);
      where.push(`(at, id) ${descending ? '<' : '>'} ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
    }
    values.push(take);
    const sql = `SELECT ${COLUMNS} FROM webhooks.audit_entries WHERE organization_id = $1${where.map((condition) => ` AND ${condition}`).join('')}
        ORDER BY at ${dir}, id ${dir} LIMIT $${values.length}`;
    // Prepared per filter combination and order: a history read is planned once per connection, not each time.
    return this.db.sql.query<AuditEntryRow>(sql, values, statementName(sql));
  }

  /**
   * tenant-scope: all organizations. Deletes at most `batch` entries older than `before` (retention
   * is the service's, not a tenant's), oldest first; answers how many. Short statements, so the prune never
   * holds locks for long whatever the backlog.
   */
  async pruneBatch(before: Date, batch: number): Promise<number> {
    const rows = await this.db.sql.query<{ n: string }>(
      `WITH doomed AS (SELECT id FROM webhooks.audit_entries WHERE at < $1 ORDER BY at LIMIT $2 FOR UPDATE SKIP LOCKED),
            gone AS (DELETE FROM webhooks.audit_entries a USING doomed WHERE a.id = doomed.id RETURNING 1)
       SELECT count(*)::text AS n FROM gone`,
      [before, batch],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
