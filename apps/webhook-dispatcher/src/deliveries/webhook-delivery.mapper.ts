import type { WebhookAttemptResponse, WebhookDeliveryResponse, WebhookDeliveryStatus } from '@pds/contracts';
import type { AttemptRow, DeliveryRow } from './webhook-delivery.repository';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toDeliveryResponse(row: DeliveryRow): WebhookDeliveryResponse {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    eventType: row.event_type,
    status: row.status as WebhookDeliveryStatus,
    statusCode: row.status_code,
    attempts: row.attempts,
    nextAttemptAt: iso(row.next_attempt_at),
    deliveredAt: iso(row.delivered_at),
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function toAttemptResponse(row: AttemptRow): WebhookAttemptResponse {
  return {
    attemptedAt: new Date(row.attempted_at).toISOString(),
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    error: row.error,
    responseBody: row.response_body,
  };
}
