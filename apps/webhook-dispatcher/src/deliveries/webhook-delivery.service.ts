import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  DEFAULT_DELIVERY_PAGE_SIZE,
  ListDeliveriesQuery,
  NEWEST_FIRST_SORT,
  WebhookDeliveryDetailResponse,
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
} from '@pds/contracts';
import { readSortedPage, requireByPathId } from '@pds/persistence';
import { DueDeliveries } from './due-deliveries';
import { toAttemptResponse, toDeliveryResponse } from './webhook-delivery.mapper';
import { DeliveryRow, WebhookDeliveryRepository } from './webhook-delivery.repository';

const createdAt = (row: DeliveryRow): string => new Date(row.created_at).toISOString();

/** The delivery log of `/webhooks/deliveries`: list, one delivery with its attempts, redeliver. */
@Injectable()
export class WebhookDeliveryService {
  constructor(
    @Inject(WebhookDeliveryRepository) private readonly deliveries: WebhookDeliveryRepository,
    @Inject(DueDeliveries) private readonly due: DueDeliveries,
  ) {}

  /**
   * Newest first by (created_at, id) unless `sort=createdAt` asks for oldest first; the cursor is the position of the last row shown, so new
   * deliveries (which sort before it) never shift the following pages.
   */
  async list(auth: AuthContext, query: ListDeliveriesQuery): Promise<WebhookDeliveryPage> {
    assertCan(auth, Permission.WebhooksManage);
    const page = await readSortedPage(
      { limit: query.limit ?? DEFAULT_DELIVERY_PAGE_SIZE, cursor: query.cursor, sort: query.sort },
      NEWEST_FIRST_SORT,
      (order, take) => this.deliveries.list(auth.organizationId, query.webhookId, order, take),
      toDeliveryResponse,
      createdAt,
    );
    return { data: page.items, nextCursor: page.nextCursor };
  }

  async get(auth: AuthContext, id: string): Promise<WebhookDeliveryDetailResponse> {
    assertCan(auth, Permission.WebhooksManage);
    const row = await requireByPathId('Delivery', id, (uuid) => this.deliveries.find(auth.organizationId, uuid));
    const attempts = await this.deliveries.attempts(auth.organizationId, row.id);
    return { ...toDeliveryResponse(row), attemptLog: attempts.map(toAttemptResponse) };
  }

  /** Queues the same delivery again (same body, same envelope id) with a fresh retry schedule. */
  async redeliver(auth: AuthContext, id: string): Promise<WebhookDeliveryResponse> {
    assertCan(auth, Permission.WebhooksManage);
    const row = await requireByPathId('Delivery', id, (uuid) => this.deliveries.requeue(auth.organizationId, uuid));
    this.due.notify();
    return toDeliveryResponse(row);
  }
}
