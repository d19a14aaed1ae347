import type { EventType } from '../common/events';

export const WebhookDeliveryStatus = Object.freeze({
  Pending: 'PENDING',
  Delivered: 'DELIVERED',
  Failed: 'FAILED',
});
export type WebhookDeliveryStatus = (typeof WebhookDeliveryStatus)[keyof typeof WebhookDeliveryStatus];

/** Event of the test delivery (`POST /webhooks/{id}/test`); data is `{ webhookId }`. */
export const PING_EVENT = 'ping';

/** Contract 2.10. */
export interface WebhookResponse {
  id: string;
  url: string;
  description: string | null;
  active: boolean;
  events: EventType[];
  createdAt: string;
  updatedAt: string;
}

/** Creation and rotation responses: the only ones that show the signing secret. */
export interface CreatedWebhookResponse extends WebhookResponse {
  secret: string;
}

/** Contract 2.11. */
export interface WebhookDeliveryResponse {
  id: string;
  webhookId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  statusCode: number | null;
  attempts: number;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  error: string | null;
  createdAt: string;
}

/** One HTTP attempt of a delivery. */
export interface WebhookAttemptResponse {
  attemptedAt: string;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** First 4 KB of the response body (UTF-8), null when none was read. */
  responseBody: string | null;
}

/** `GET /webhooks/deliveries/{id}`: the delivery plus its attempts, oldest first. */
export interface WebhookDeliveryDetailResponse extends WebhookDeliveryResponse {
  attemptLog: WebhookAttemptResponse[];
}

export interface WebhookDeliveryPage {
  data: WebhookDeliveryResponse[];
  nextCursor: string | null;
}
