import { Inject, Injectable } from '@nestjs/common';
import type { SortedRead } from '@pds/contracts';
import { DATABASE, Database, SqlSortColumn, sqlSorted } from '@pds/persistence';

/** Columns of webhooks.deliveries as the delivery queries select them. */
export interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_type: string;
  status: string;
  status_code: number | null;
  attempts: number;
  next_attempt_at: Date | string | null;
  delivered_at: Date | string | null;
  error: string | null;
  created_at: Date | string;
}

/** Both orders are the `(organization_id, created_at DESC, id DESC)` index, read one way or the other. */
const SORT_COLUMNS: Record<'createdAt', SqlSortColumn> = { createdAt: { column: 'created_at', cast: 'timestamptz' } };

const DELIVERY_COLUMNS =
  'id, webhook_id, event_type, status::text AS status, status_code, attempts, next_attempt_at, delivered_at, error, created_at';

/** Columns of webhooks.attempts as the attempt log selects them. */
export interface AttemptRow {
  attempted_at: Date | string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_body: string | null;
}

/** Columns of the subscription `s` that an attempt needs (see ClaimedRow). */
const SUBSCRIPTION_COLUMNS = 's.url, s.active, s.secret_encrypted, s.previous_secret_encrypted, s.previous_secret_expires_at, s.failing_since';

/** A delivery held by this process (lease set) with what an attempt needs of its subscription. */
export interface ClaimedRow {
  id: string;
  organization_id: string;
  webhook_id: string;
  event_id: string;
  /** Null only when the event's body is gone (see claimDue). */
  body: string | null;
  round_attempts: number;
  url: string;
  active: boolean;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Date | string | null;
  failing_since: Date | string | null;
}

/** The outcome of one attempt, as the batch that records it needs it. */
export interface AttemptOutcome {
  organizationId: string;
  deliveryId: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseBody: string | null;
  attemptedAt: Date;
  roundAttempts: number;
  /** Delay before the next attempt; null when none follows. */
  delayMs: number | null;
}

/** The event of a new delivery: the envelope id and type and the body every attempt sends. */
export interface DeliveryEvent {
  id: string;
  type: string;
  body: string;
}

/** An event of some organization, for fanOut. */
export interface OrganizationEvent extends DeliveryEvent {
  organizationId: string;
  /** The envelope's createdAt. */
  createdAt: string;
}

/** A delivery fanOut stored; `claimed` when its lease was set in the insert. */
export interface FannedOutRow extends Omit<ClaimedRow, 'body'> {
  claimed: boolean;
}

/**
 * The outbound webhook deliveries (repo-receiver's inbound provider deliveries are another thing),
 * the event bodies they send and their attempt log. Hand-written SQL: the
 * dispatcher's hot path (fan-out, claim, record) is batched and leased in ways Prisma cannot
 * express (docs/benchmarks.md). Every query is scoped by organization id; the few that serve every
 * organization at once match each row on its own.
 *
 * Only the fan-out is a named (prepared) statement, which saves PostgreSQL its parse and plan per
 * event. Statements that join the deliveries table are not: a prepared statement's generic plan is
 * kept until the table is analyzed again, and one made while the table was small (a fresh
 * database) scans it whole; measured, recording attempts then cost 4 ms instead of 0.1 ms a row
 * batch as the table grew.
 */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * By (created_at, id) in the order asked (newest first by default), after the cursor position.
   * Every page is one index range whatever its depth: the organization's index, or with
   * `webhookId` the subscription's (`deliveries_webhook_idx`). The webhook condition is left out
   * rather than written `$2 IS NULL OR …`, which only a plan made for the values asked would drop.
   */
  list(organizationId: string, webhookId: string | undefined, order: SortedRead, take: number): Promise<DeliveryRow[]> {
    const params: unknown[] = [organizationId];
    const param = (value: unknown): string => `$${params.push(value)}`;
    const conditions: string[] = [];
    if (webhookId) conditions.push(`webhook_id = ${param(webhookId)}::uuid`);
    const sorted = sqlSorted(order, SORT_COLUMNS, 'id', param);
    if (sorted.after) conditions.push(sorted.after);
    return this.db.sql.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhooks.deliveries
        WHERE organization_id = $1${conditions.map((condition) => ` AND ${condition}`).join('')}
        ORDER BY ${sorted.orderBy}
        LIMIT ${param(take)}`,
      params,
    );
  }

  async find(organizationId: string, id: string): Promise<DeliveryRow | null> {
    const [row] = await this.db.sql.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhooks.deliveries WHERE id = $1 AND organization_id = $2`, [
      id,
      organizationId,
    ]);
    return row ?? null;
  }

  /** The attempts of one of the organization's deliveries, oldest first. */
  attempts(organizationId: string, deliveryId: string): Promise<AttemptRow[]> {
    return this.db.sql.query<AttemptRow>(
      `SELECT a.attempted_at, a.status_code, a.latency_ms, a.error, a.response_body
         FROM webhooks.attempts a JOIN webhooks.deliveries d ON d.id = a.delivery_id
        WHERE d.organization_id = $1 AND a.delivery_id = $2 ORDER BY a.attempted_at, a.id`,
      [organizationId, deliveryId],
    );
  }

  /** Queues the delivery again with a fresh retry schedule; null when the organization has no such delivery. */
  async requeue(organizationId: string, id: string): Promise<DeliveryRow | null> {
    const [row] = await this.db.sql.query<DeliveryRow>(
      `UPDATE webhooks.deliveries
          SET status = 'PENDING', round_attempts = 0, next_attempt_at = now(), lease_until = NULL
        WHERE id = $1 AND organization_id = $2
       RETURNING ${DELIVERY_COLUMNS}`,
      [id, organizationId],
    );
    return row ?? null;
  }

  /** One delivery of `event` (stored with it) to one subscription, due now. */
  async queue(organizationId: string, webhookId: string, event: DeliveryEvent): Promise<DeliveryRow> {
    const [row] = await this.db.sql.query<DeliveryRow>(
      `WITH stored AS (
         INSERT INTO webhooks.events (id, organization_id, type, body) VALUES ($3, $1, $4, $5))
       INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, next_attempt_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, now()) RETURNING ${DELIVERY_COLUMNS}`,
      [organizationId, webhookId, event.id, event.type, event.body],
    );
    return row;
  }

  /**
   * tenant-scope: all organizations. Stores the events of any organizations that arrived together
   * in one statement: every event once in the event log (`GET /events`; its body is what every
   * delivery sends), and one delivery per active subscription of the event's organization to its
   * type. An event seen before adds nothing (unique id, unique event_id and webhook_id; the stored
   * body is kept). Up to `claimLimit` of the new rows come back claimed by the caller (lease set in
   * the insert) for `leaseMs`; the others wait for a claim. Events are sorted by createdAt, and
   * those of one millisecond keep the order they came in (a stable sort): the log's sequence
   * follows creation within the statement, and events one transaction wrote together (a PATCH's
   * `work_item.updated` then `work_item.status_changed`) stay in the order the relay published
   * them, which a tie broken by id turned into a coin toss. Batches holding the same events got
   * them in stream order, so they still lock them in one order. Each event reads its own
   * organization's subscriptions (the lateral subquery, kept apart from the join by `OFFSET 0`):
   * as a join, when most subscriptions are disabled (failing ones are disabled and stay), the
   * planner hashed the active ones of every organization, a read of the whole table per batch.
   */
  fanOut(events: readonly OrganizationEvent[], claimLimit: number, leaseMs: number): Promise<FannedOutRow[]> {
    const sorted = [...events].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    return this.db.sql.query<FannedOutRow>(
      `WITH ev AS (
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $7::timestamptz[]) WITH ORDINALITY AS ev(id, organization_id, type, body, created_at, position)),
       target AS (
         SELECT ev.id AS event_id, ev.organization_id, ev.type, s.id AS webhook_id, row_number() OVER () AS n
           FROM ev CROSS JOIN LATERAL (
             SELECT s.id FROM webhooks.subscriptions s
              WHERE s.organization_id = ev.organization_id AND s.active AND ev.type = ANY(s.events) OFFSET 0) s),
       stored AS (
         INSERT INTO webhooks.events (id, organization_id, type, body, created_at)
         SELECT ev.id, ev.organization_id, ev.type, ev.body, ev.created_at FROM ev ORDER BY ev.position
         ON CONFLICT (id) DO NOTHING),
       inserted AS (
         INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, next_attempt_at, lease_until)
         SELECT gen_random_uuid(), t.organization_id, t.webhook_id, t.event_id, t.type, now(),
                CASE WHEN t.n <= $5::int THEN now() + make_interval(secs => $6::int / 1000.0) END
           FROM target t
         ON CONFLICT (event_id, webhook_id) DO NOTHING
         RETURNING id, organization_id, webhook_id, event_id, round_attempts, lease_until IS NOT NULL AS claimed)
       SELECT i.*, ${SUBSCRIPTION_COLUMNS} FROM inserted i JOIN webhooks.subscriptions s ON s.organization_id = i.organization_id AND s.id = i.webhook_id`,
      [
        sorted.map((e) => e.id),
        sorted.map((e) => e.organizationId),
        sorted.map((e) => e.type),
        sorted.map((e) => e.body),
        claimLimit,
        leaseMs,
        sorted.map((e) => e.createdAt),
      ],
      'webhooks_fan_out',
    );
  }

  /**
   * tenant-scope: all organizations. The worker serves every organization: it leases the due rows
   * of all of them (`FOR UPDATE SKIP LOCKED`, so replicas share the work) for `leaseMs`. A row
   * whose event body is missing comes back with a null body rather than staying leased forever.
   */
  claimDue(limit: number, leaseMs: number): Promise<ClaimedRow[]> {
    return this.db.sql.query<ClaimedRow>(
      `WITH due AS (
         SELECT id FROM webhooks.deliveries
          WHERE status = 'PENDING' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
          ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE webhooks.deliveries d SET lease_until = now() + make_interval(secs => $2::int / 1000.0)
           FROM due WHERE d.id = due.id
         RETURNING d.id, d.organization_id, d.webhook_id, d.event_id, d.round_attempts)
       SELECT c.*, e.body, ${SUBSCRIPTION_COLUMNS} FROM claimed c
         JOIN webhooks.subscriptions s ON s.organization_id = c.organization_id AND s.id = c.webhook_id
         LEFT JOIN webhooks.events e ON e.organization_id = c.organization_id AND e.id = c.event_id`,
      [limit, leaseMs],
    );
  }

  /**
   * tenant-scope: all organizations. The pending backlog for the metrics scrape: pending rows are
   * exactly those with a next attempt time, so the due index answers it.
   */
  async countPending(): Promise<number> {
    const [row] = await this.db.sql.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM webhooks.deliveries WHERE next_attempt_at IS NOT NULL AND status = 'PENDING'`,
    );
    return Number(row?.count ?? 0);
  }

  /** Fails a delivery without an attempt (its subscription was disabled meanwhile). */
  async fail(organizationId: string, id: string, error: string): Promise<void> {
    await this.db.sql.query(
      `UPDATE webhooks.deliveries SET status = 'FAILED', next_attempt_at = NULL, lease_until = NULL, error = $3 WHERE organization_id = $1 AND id = $2`,
      [organizationId, id, error],
    );
  }

  /**
   * tenant-scope: all organizations. Records a batch of attempts of any organizations in one
   * statement (attempt rows + delivery updates); each row is matched by its organization and id.
   */
  async recordAttempts(outcomes: readonly AttemptOutcome[]): Promise<void> {
    await this.db.sql.query(
      `WITH r AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::int[], $5::text[], $6::text[], $7::timestamptz[], $8::int[], $9::int[], $10::uuid[])
           AS r(id, status, status_code, latency_ms, error, response_body, attempted_at, round_attempts, delay_ms, organization_id)),
       attempt AS (
         INSERT INTO webhooks.attempts (id, delivery_id, attempted_at, status_code, latency_ms, error, response_body)
         SELECT gen_random_uuid(), r.id, r.attempted_at, r.status_code, r.latency_ms, r.error, r.response_body
           FROM r JOIN webhooks.deliveries d ON d.organization_id = r.organization_id AND d.id = r.id)
       UPDATE webhooks.deliveries d
          SET status = r.status::webhooks."WebhookDeliveryStatus", status_code = r.status_code, error = r.error,
              attempts = d.attempts + 1, round_attempts = r.round_attempts,
              next_attempt_at = CASE WHEN r.delay_ms IS NULL THEN NULL ELSE now() + make_interval(secs => r.delay_ms / 1000.0) END,
              delivered_at = CASE WHEN r.status = 'DELIVERED' THEN now() ELSE d.delivered_at END,
              lease_until = NULL
         FROM r WHERE d.organization_id = r.organization_id AND d.id = r.id`,
      [
        outcomes.map((o) => o.deliveryId),
        outcomes.map((o) => o.status),
        outcomes.map((o) => o.statusCode),
        outcomes.map((o) => o.latencyMs),
        outcomes.map((o) => o.error),
        outcomes.map((o) => o.responseBody),
        outcomes.map((o) => o.attemptedAt.toISOString()),
        outcomes.map((o) => o.roundAttempts),
        outcomes.map((o) => o.delayMs),
        outcomes.map((o) => o.organizationId),
      ],
    );
  }
}
