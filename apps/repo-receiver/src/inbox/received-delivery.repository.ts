import { Inject, Injectable } from '@nestjs/common';
import { type EventEnvelope, REPO_DELIVERY_RECEIVED_EVENT, type SortedRead } from '@pds/contracts';
import type { EventOrigin } from '@pds/messaging';
import { DATABASE, Database, SqlExecutor, SqlSortColumn, column, sqlSorted, statementName } from '@pds/persistence';

export const DeliveryStatus = Object.freeze({
  RECEIVED: 'RECEIVED',
  PROCESSED: 'PROCESSED',
  IGNORED: 'IGNORED',
  FAILED: 'FAILED',
  /** A repeat of a provider delivery id seen before on the connection: recorded, not processed. */
  DUPLICATE: 'DUPLICATE',
});
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];

export interface NewDelivery {
  id: string;
  organizationId: string;
  connectionId: string;
  providerId: string;
  event: string;
  status: DeliveryStatus;
  payload: object | null;
  reason: string | null;
  /** The outbox event that has a RECEIVED delivery processed; null for the others. */
  envelope: EventEnvelope | null;
  /** The request that acknowledged it (request id, traceparent) when request context is on. */
  origin: EventOrigin | null;
}

/** A stored delivery waiting to be processed. */
export interface WaitingDelivery {
  id: string;
  organizationId: string;
  connectionId: string;
  payload: unknown;
}

/** A delivery done with: PROCESSED, or IGNORED or FAILED with the reason. */
export interface FinishedDelivery {
  id: string;
  organizationId: string;
  status: DeliveryStatus;
  reason: string | null;
  /** Keys of the work items it linked. */
  linkedKeys: string[];
}

/** A line of a connection's delivery log. */
export interface LoggedDelivery {
  id: string;
  providerId: string;
  event: string;
  status: DeliveryStatus;
  reason: string | null;
  linkedKeys: string[];
  receivedAt: Date;
}

/** How far back the delivery log reaches. */
export const DELIVERY_LOG_DAYS = 30;

/** Why a repeated delivery id is not processed again. */
const DUPLICATE_REASON = 'this delivery id was received before; processed once';

/**
 * Received deliveries, written and read in batches. Each batch may span organizations: every row
 * carries its own organization_id and every statement matches on it, which is why the methods take
 * rows rather than one organizationId first.
 */
/** Both orders are `received_deliveries_log_idx` (connection, received_at DESC, id DESC), read one way or the other. */
const LOG_SORT_COLUMNS: Record<'receivedAt', SqlSortColumn> = { receivedAt: { column: 'received_at', cast: 'timestamptz' } };

@Injectable()
export class ReceivedDeliveryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * tenant-scope: all organizations (each row names its own). The deliveries acknowledged in one
   * event-loop turn, in one statement that also writes the outbox events of those to process (in
   * arrival order, which keeps one repository's deliveries in order) and stamps the connections'
   * lastDeliveryAt: atomic without an interactive transaction. Returns the ids inserted; a delivery
   * whose provider id was seen before on its connection is not: it is recorded as a DUPLICATE row
   * (the delivery log shows every delivery, as GitHub's does), never processed.
   */
  async insertMany(deliveries: readonly NewDelivery[]): Promise<Set<string>> {
    const rows = await this.db.sql.query<{ id: string }>(
      `WITH input AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::text[], $9::uuid[], $10::jsonb[], $12::text[], $13::text[])
                  WITH ORDINALITY AS t(id, organization_id, connection_id, provider_id, event, status, payload, reason, event_id, envelope, request_id, traceparent, ord)),
       d AS (
         INSERT INTO repos.received_deliveries (id, organization_id, connection_id, provider_id, event, status, payload, reason)
         SELECT id, organization_id, connection_id, provider_id, event, status, payload, reason FROM input ORDER BY ord
         ON CONFLICT (connection_id, provider_id) WHERE status <> 'DUPLICATE' DO NOTHING
         RETURNING id, organization_id, connection_id),
       dup AS (
         INSERT INTO repos.received_deliveries (id, organization_id, connection_id, provider_id, event, status, reason)
         SELECT i.id, i.organization_id, i.connection_id, i.provider_id, i.event, 'DUPLICATE', $14 FROM input i
          WHERE NOT EXISTS (SELECT 1 FROM d WHERE d.id = i.id) ORDER BY i.ord),
       o AS (
         INSERT INTO repos.outbox (id, organization_id, event_type, payload, request_id, traceparent)
         SELECT i.event_id, d.organization_id, $11, i.envelope, i.request_id, i.traceparent FROM d JOIN input i ON i.id = d.id
          WHERE i.envelope IS NOT NULL ORDER BY i.ord),
       c AS (
         UPDATE repos.connections c SET last_delivery_at = now()
           FROM (SELECT DISTINCT organization_id, connection_id FROM d) s
          WHERE c.id = s.connection_id AND c.organization_id = s.organization_id
            AND (c.last_delivery_at IS NULL OR c.last_delivery_at < now() - interval '1 second'))
       SELECT id FROM d`,
      [
        column(deliveries, 'id'),
        column(deliveries, 'organizationId'),
        column(deliveries, 'connectionId'),
        column(deliveries, 'providerId'),
        column(deliveries, 'event'),
        column(deliveries, 'status'),
        deliveries.map((d) => (d.payload === null ? null : JSON.stringify(d.payload))),
        column(deliveries, 'reason'),
        deliveries.map((d) => d.envelope?.id ?? null),
        deliveries.map((d) => (d.envelope ? JSON.stringify(d.envelope) : null)),
        REPO_DELIVERY_RECEIVED_EVENT,
        deliveries.map((d) => d.origin?.requestId ?? null),
        deliveries.map((d) => d.origin?.traceparent ?? null),
        DUPLICATE_REASON,
      ],
      'repos_deliveries_insert',
    );
    return new Set(rows.map((row) => row.id));
  }

  /** tenant-scope: all organizations (each wanted row names its own). Those of `wanted` still waiting (RECEIVED). */
  waiting(wanted: readonly { organizationId: string; id: string }[]): Promise<WaitingDelivery[]> {
    return this.db.sql.query<WaitingDelivery>(
      `SELECT d.id, d.organization_id AS "organizationId", d.connection_id AS "connectionId", d.payload
         FROM repos.received_deliveries d
         JOIN unnest($1::uuid[], $2::uuid[]) AS w(organization_id, id) ON d.id = w.id AND d.organization_id = w.organization_id
        WHERE d.status = 'RECEIVED'`,
      [column(wanted, 'organizationId'), column(wanted, 'id')],
      'repos_deliveries_waiting',
    );
  }

  /**
   * tenant-scope: all organizations (each row names its own). Marks deliveries done; within the
   * processing transaction when given one. `clock_timestamp()`: the moment of this statement, not of
   * the transaction's start.
   */
  async finish(finished: readonly FinishedDelivery[], tx: SqlExecutor = this.db.sql): Promise<void> {
    if (finished.length === 0) return;
    await tx.query(
      `UPDATE repos.received_deliveries d
          SET status = f.status, reason = f.reason, linked_keys = f.linked_keys::text[], processed_at = clock_timestamp()
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[]) AS f(organization_id, id, status, reason, linked_keys)
        WHERE d.id = f.id AND d.organization_id = f.organization_id`,
      [
        column(finished, 'organizationId'),
        column(finished, 'id'),
        column(finished, 'status'),
        column(finished, 'reason'),
        finished.map((f) => `{${f.linkedKeys.join(',')}}`),
      ],
      'repos_deliveries_finish',
    );
  }

  /**
   * A connection's deliveries of the last 30 days that the receiver is done with, newest first,
   * after the cursor position (received_at, id). Deliveries still waiting to be processed (for
   * milliseconds, or until the work-item service is back) are not shown yet: the log tells what
   * the receiver did. Never the payload.
   */
  recent(organizationId: string, connectionId: string, order: SortedRead, take: number): Promise<LoggedDelivery[]> {
    const params: unknown[] = [organizationId, connectionId, DELIVERY_LOG_DAYS, take];
    const param = (value: unknown): string => `$${params.push(value)}`;
    const sorted = sqlSorted(order, LOG_SORT_COLUMNS, 'id', param);
    const sql = `SELECT id, provider_id AS "providerId", event, status, reason, coalesce(linked_keys, '{}') AS "linkedKeys", received_at AS "receivedAt"
         FROM repos.received_deliveries
        WHERE organization_id = $1::uuid AND connection_id = $2::uuid AND status <> 'RECEIVED'
          AND received_at > now() - make_interval(days => $3::int)${sorted.after ? ` AND ${sorted.after}` : ''}
        ORDER BY ${sorted.orderBy}
        LIMIT $4::int`;
    return this.db.sql.query<LoggedDelivery>(sql, params, statementName(sql));
  }
}
