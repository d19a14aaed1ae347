import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, Database } from '@pds/persistence';

/** A position in the event log: the inserting transaction and the sequence within it, as decimal text. */
export interface EventPosition {
  tx: string;
  seq: string;
}

/** An event as the log lists it: the body exactly as webhooks send it, and its position. */
export interface EventLogRow extends EventPosition {
  id: string;
  body: string;
}

export interface EventLogFilter {
  types: readonly string[];
  since?: string;
}

/**
 * The event log: `webhooks.events`, which the fan-out fills with every contract event (see
 * WebhookDeliveryRepository.fanOut), read for `GET /events` and pruned by age.
 *
 * Order: by (tx, seq), and only rows whose transaction is older than every transaction still
 * running (`tx < pg_snapshot_xmin(pg_current_snapshot())`). Transactions commit in any order, so
 * a plain sequence (or created_at) can show 11 before 10 commits; a consumer that resumed after 11
 * would never see 10. A transaction still running when a page is read has an id at least that
 * xmin, so whatever it commits later sorts after every row already shown: resuming after a
 * position never skips an event. The price: an event shows once every older write transaction of
 * the database has ended (normally milliseconds).
 */
@Injectable()
export class EventLogRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Oldest first after the position, or newest first before it: the (organization_id, tx, seq)
   * index read forwards or backwards. Newest first keeps the same visibility rule, so an event that
   * commits late lands before the first page (where a reader starting again finds it), never
   * between pages already read.
   */
  list(organizationId: string, filter: EventLogFilter, order: { after?: EventPosition; descending: boolean }, take: number): Promise<EventLogRow[]> {
    // Two fixed statement texts (no SQL assembled from input): one per direction. The ORDER BY
    // names the table's columns (e.tx): a bare `tx` is the output column, the text the position is
    // carried as, and sorted as text seq 10 came before seq 9 (and tx 1000 before 999) while the
    // keyset compared numbers, so pages skipped or repeated events; nor could the index serve it.
    const [compare, dir] = order.descending ? ['<', 'DESC'] : ['>', 'ASC'];
    return this.db.sql.query<EventLogRow>(
      `SELECT e.id, e.body, e.tx::text AS tx, e.seq::text AS seq FROM webhooks.events e
        WHERE e.organization_id = $1
          AND e.type = ANY($2::text[])
          AND ($3::timestamptz IS NULL OR e.created_at >= $3::timestamptz)
          AND ($4::bigint IS NULL OR (e.tx, e.seq) ${compare} ($4::bigint, $5::bigint))
          AND e.tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
        ORDER BY e.tx ${dir}, e.seq ${dir}
        LIMIT $6`,
      [organizationId, filter.types, filter.since ?? null, order.after?.tx ?? null, order.after?.seq ?? null, take],
    );
  }

  /** The position of one of the organization's listed events (a test ping is none), or null. */
  async position(organizationId: string, id: string, types: readonly string[]): Promise<EventPosition | null> {
    const [row] = await this.db.sql.query<EventPosition>(
      `SELECT tx::text AS tx, seq::text AS seq FROM webhooks.events WHERE organization_id = $1 AND id = $2 AND type = ANY($3::text[])`,
      [organizationId, id, types],
    );
    return row ?? null;
  }

  /**
   * tenant-scope: all organizations. Removes up to `limit` events older than `days`, of every
   * organization (the retention is the same for all), except those a pending delivery still has to
   * send. `SKIP LOCKED`: replicas pruning at once take different rows.
   */
  async pruneEvents(days: number, limit: number): Promise<number> {
    const rows = await this.db.sql.query<{ n: number }>(
      `WITH doomed AS (
         SELECT e.ctid FROM webhooks.events e
          WHERE e.created_at < now() - make_interval(days => $1::int)
            AND NOT EXISTS (SELECT 1 FROM webhooks.deliveries d WHERE d.event_id = e.id AND d.organization_id = e.organization_id AND d.status = 'PENDING')
          LIMIT $2 FOR UPDATE SKIP LOCKED),
       gone AS (DELETE FROM webhooks.events e USING doomed WHERE e.ctid = doomed.ctid RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [days, limit],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * tenant-scope: all organizations. Removes up to `limit` finished (delivered or failed) deliveries
   * older than `days` of every organization; their attempts follow by cascade.
   */
  async pruneDeliveries(days: number, limit: number): Promise<number> {
    const rows = await this.db.sql.query<{ n: number }>(
      `WITH doomed AS (
         SELECT d.ctid FROM webhooks.deliveries d
          WHERE d.created_at < now() - make_interval(days => $1::int) AND d.status <> 'PENDING'
          LIMIT $2 FOR UPDATE SKIP LOCKED),
       gone AS (DELETE FROM webhooks.deliveries d USING doomed WHERE d.ctid = doomed.ctid RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [days, limit],
    );
    return rows[0]?.n ?? 0;
  }
}
