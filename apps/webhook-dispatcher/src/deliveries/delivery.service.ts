import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  DEFAULT_DELIVERY_PAGE_SIZE,
  ListDeliveriesQuery,
  WebhookDeliveryDetailResponse,
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
  decodeCursor,
  encodeCursor,
} from '@pds/contracts';
import { requireByPathId } from '@pds/persistence';
import { BadRequestError } from '@pds/contracts';
import { DeliveryRow, toAttemptResponse, toDeliveryResponse } from '../common/webhook.mapper';
import { DeliveryWorker } from '../delivery/delivery.worker';
import { DeliveryRepository } from './delivery.repository';

@Injectable()
export class DeliveryService {
  constructor(
    @Inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
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
    const rows = await this.deliveries.list(
      auth.organizationId,
      { webhookId: query.webhookId, after: after ? { createdAt: after.sortValue, id: after.id } : undefined },
      limit + 1,
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
    const attempts = await this.deliveries.attempts(auth.organizationId, row.id);
    return { ...toDeliveryResponse(row), attemptLog: attempts.map(toAttemptResponse) };
  }

  /** Queues the same delivery again (same body, same envelope id) with a fresh retry schedule. */
  async redeliver(auth: AuthContext, id: string): Promise<WebhookDeliveryResponse> {
    assertCan(auth, Permission.WebhooksManage);
    const row = await requireByPathId('Delivery', id, (uuid) => this.deliveries.requeue(auth.organizationId, uuid));
    this.worker.notify();
    return toDeliveryResponse(row);
  }

  private async require(auth: AuthContext, id: string): Promise<DeliveryRow> {
    return requireByPathId('Delivery', id, (uuid) => this.deliveries.find(auth.organizationId, uuid));
  }
}
