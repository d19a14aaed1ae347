import { Inject, Injectable } from '@nestjs/common';
import { REPO_DELIVERY_RECEIVED_EVENT } from '@pds/contracts';
import { buildEnvelope, currentOrigin } from '@pds/messaging';
import { DATABASE, Database } from '@pds/persistence';
import { randomUUID } from 'node:crypto';
import { PrismaClient } from '../generated/repos/client';

export const DeliveryStatus = Object.freeze({ RECEIVED: 'RECEIVED', PROCESSED: 'PROCESSED', IGNORED: 'IGNORED', FAILED: 'FAILED' });
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];

export interface NewDelivery {
  connectionId: string;
  providerId: string;
  event: string;
  status: DeliveryStatus;
  payload: object | null;
  reason: string | null;
  /** Deliveries with the same key are processed in arrival order (those of one repository). */
  orderKey?: string;
}

/**
 * Received deliveries. The insert is one statement that also writes the outbox event of a delivery
 * to process and stamps the connection's lastDeliveryAt: atomic without an interactive transaction,
 * which keeps the acknowledgement to a single round trip.
 */
@Injectable()
export class DeliveryRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
  ) {}

  /** The new delivery's id, or null when the provider's delivery id was seen before on this connection. */
  async insert(organizationId: string, delivery: NewDelivery): Promise<string | null> {
    const id = randomUUID();
    const envelope =
      delivery.status === DeliveryStatus.RECEIVED
        ? buildEnvelope(REPO_DELIVERY_RECEIVED_EVENT, organizationId, { deliveryId: id, connectionId: delivery.connectionId, orderKey: delivery.orderKey ?? id })
        : null;
    const origin = envelope ? currentOrigin() : null;
    const rows = await this.db.sql.query<{ id: string }>(
      `WITH d AS (
         INSERT INTO repos.received_deliveries (id, organization_id, connection_id, provider_id, event, status, payload, reason)
         VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5, $6, $7::jsonb, $8)
         ON CONFLICT (connection_id, provider_id) DO NOTHING
         RETURNING id, organization_id),
       o AS (
         INSERT INTO repos.outbox (id, organization_id, event_type, payload, request_id, traceparent)
         SELECT $9::uuid, d.organization_id, $10, $11::jsonb, $12, $13 FROM d WHERE $11::jsonb IS NOT NULL),
       c AS (
         UPDATE repos.connections SET last_delivery_at = now()
          WHERE id = $3::uuid AND organization_id = $2::uuid AND EXISTS (SELECT 1 FROM d)
            AND (last_delivery_at IS NULL OR last_delivery_at < now() - interval '1 second'))
       SELECT id FROM d`,
      [
        id,
        organizationId,
        delivery.connectionId,
        delivery.providerId,
        delivery.event,
        delivery.status,
        delivery.payload === null ? null : JSON.stringify(delivery.payload),
        delivery.reason,
        envelope?.id ?? randomUUID(),
        REPO_DELIVERY_RECEIVED_EVENT,
        envelope ? JSON.stringify(envelope) : null,
        // The acknowledging request: processing, later and maybe elsewhere, logs under its id.
        origin?.requestId ?? null,
        origin?.traceparent ?? null,
      ],
      'repos_delivery_insert',
    );
    return rows[0]?.id ?? null;
  }

  find(organizationId: string, id: string) {
    return this.prisma.receivedDelivery.findFirst({ where: { id, organizationId } });
  }

  async finish(organizationId: string, id: string, status: DeliveryStatus, reason: string | null = null): Promise<void> {
    await this.prisma.receivedDelivery.updateMany({ where: { id, organizationId }, data: { status, reason, processedAt: new Date() } });
  }
}
