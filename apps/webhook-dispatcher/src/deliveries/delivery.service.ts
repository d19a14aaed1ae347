import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  DEFAULT_DELIVERY_PAGE_SIZE,
  ListDeliveriesQuery,
  NotFoundError,
  WebhookDeliveryDetailResponse,
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
  decodeCursor,
  encodeCursor,
  isUuid,
} from '@pds/contracts';
import { BadRequestError } from '@pds/contracts';
import { DATABASE, Database } from '@pds/persistence';
import { AttemptRow, DELIVERY_COLUMNS, DeliveryRow, toAttemptResponse, toDeliveryResponse } from '../common/webhook.mapper';
import { DeliveryWorker } from '../delivery/delivery.worker';

@Injectable()
export class DeliveryService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(DeliveryWorker) private readonly worker: DeliveryWorker,
  ) {}

  /**
   * Newest first by (created_at, id); the cursor is the position of the last row shown, so new
   * deliveries (which sort before it) never shift the following pages.
   */
  async list(auth: AuthContext, query: ListDeliveriesQuery): Promise<WebhookDeliveryPage> {
    assertCan(auth, Permission.WebhooksManage);
    const limit = query.limit ?? DEFAULT_DELIVERY_PAGE_SIZE;
    const after = query.cursor === undefined ? null : decodeCursor(query.cursor, 'time');
    const afterTime = after ? Date.parse(after.sortValue) : null;
    if (after && Number.isNaN(afterTime)) throw new BadRequestError('cursor is not a cursor this API issued', { cursor: ['invalid cursor'] });
    const rows = await this.db.sql.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhooks.deliveries
        WHERE organization_id = $1
          AND ($2::uuid IS NULL OR webhook_id = $2::uuid)
          AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::uuid))
        ORDER BY created_at DESC, id DESC
        LIMIT $5`,
      [auth.organizationId, query.webhookId ?? null, after ? after.sortValue : null, after ? after.id : null, limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      data: page.map(toDeliveryResponse),
      nextCursor: rows.length > limit ? encodeCursor({ sortValue: new Date(last.created_at).toISOString(), id: last.id }) : null,
    };
  }

  async get(auth: AuthContext, id: string): Promise<WebhookDeliveryDetailResponse> {
    assertCan(auth, Permission.WebhooksManage);
    const row = await this.require(auth, id);
    const attempts = await this.db.sql.query<AttemptRow>(
      `SELECT attempted_at, status_code, latency_ms, error, response_body FROM webhooks.attempts
        WHERE delivery_id = $1 ORDER BY attempted_at, id`,
      [row.id],
    );
    return { ...toDeliveryResponse(row), attemptLog: attempts.map(toAttemptResponse) };
  }

  /** Queues the same delivery again (same body, same envelope id) with a fresh retry schedule. */
  async redeliver(auth: AuthContext, id: string): Promise<WebhookDeliveryResponse> {
    assertCan(auth, Permission.WebhooksManage);
    if (!isUuid(id)) throw new NotFoundError('Delivery', id);
    const [row] = await this.db.sql.query<DeliveryRow>(
      `UPDATE webhooks.deliveries
          SET status = 'PENDING', round_attempts = 0, next_attempt_at = now(), lease_until = NULL
        WHERE id = $1 AND organization_id = $2
       RETURNING ${DELIVERY_COLUMNS}`,
      [id, auth.organizationId],
    );
    if (!row) throw new NotFoundError('Delivery', id);
    this.worker.notify();
    return toDeliveryResponse(row);
  }

  private async require(auth: AuthContext, id: string): Promise<DeliveryRow> {
    const [row] = isUuid(id)
      ? await this.db.sql.query<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhooks.deliveries WHERE id = $1 AND organization_id = $2`, [
          id,
          auth.organizationId,
        ])
      : [];
    if (!row) throw new NotFoundError('Delivery', id);
    return row;
  }
}
