import type {
  EventType,
  WebhookAttemptResponse,
  WebhookDeliveryResponse,
  WebhookDeliveryStatus,
  WebhookResponse,
} from '@pds/contracts';

export interface SubscriptionRecord {
  id: string;
  url: string;
  description: string | null;
  active: boolean;
  events: string[];
  createdAt: Date;
  updatedAt: Date;
}

export function toWebhookResponse(record: SubscriptionRecord): WebhookResponse {
  return {
    id: record.id,
    url: record.url,
    description: record.description,
    active: record.active,
    events: record.events as EventType[],
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

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

export const DELIVERY_COLUMNS =
  'id, webhook_id, event_type, status::text AS status, status_code, attempts, next_attempt_at, delivered_at, error, created_at';

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

export interface AttemptRow {
  attempted_at: Date | string;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_body: string | null;
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
