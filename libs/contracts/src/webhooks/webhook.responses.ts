import { EventType } from '../common/events';
import { Field, MutableRecordResponse, REPLAYED_WITHOUT_SECRET, RecordResponse, Timestamped } from '../common/schema';

export const WebhookDeliveryStatus = Object.freeze({
  Pending: 'PENDING',
  Delivered: 'DELIVERED',
  Failed: 'FAILED',
});
export type WebhookDeliveryStatus = (typeof WebhookDeliveryStatus)[keyof typeof WebhookDeliveryStatus];

/** Event of the test delivery (`POST /webhooks/{id}/test`); data is `{ webhookId }`. */
export const PING_EVENT = 'ping';

/** A webhook subscription as the interface contract shows it; never its signing secret. */
@Timestamped()
export class WebhookResponse extends MutableRecordResponse {
  @Field.uri() url!: string;
  @Field.string({ nullable: true }) description!: string | null;
  @Field.boolean() active!: boolean;
  @Field.enums(EventType) events!: EventType[];
}

/** Creation and rotation responses: the only ones that show the signing secret. */
export class CreatedWebhookResponse extends WebhookResponse {
  @Field.string({ optional: true, description: REPLAYED_WITHOUT_SECRET }) secret!: string;
}

/** One delivery of an event to a subscription and its attempts, as the interface contract shows it. */
@Timestamped()
export class WebhookDeliveryResponse extends RecordResponse {
  @Field.uuid() webhookId!: string;
  @Field.string() eventType!: string;
  @Field.enum(WebhookDeliveryStatus) status!: WebhookDeliveryStatus;
  @Field.integer({ nullable: true }) statusCode!: number | null;
  @Field.integer() attempts!: number;
  @Field.timestamp({ nullable: true }) nextAttemptAt!: string | null;
  @Field.timestamp({ nullable: true }) deliveredAt!: string | null;
  @Field.string({ nullable: true }) error!: string | null;
}

/** One HTTP attempt of a delivery. */
export class WebhookAttemptResponse {
  @Field.timestamp() attemptedAt!: string;
  @Field.integer({ nullable: true }) statusCode!: number | null;
  @Field.integer() latencyMs!: number;
  @Field.string({ nullable: true }) error!: string | null;
  /** First 4 KB of the response body (UTF-8), null when none was read. */
  @Field.string({ nullable: true, description: 'First 4 KB of the response body (UTF-8), null when none was read' }) responseBody!: string | null;
}

/** `GET /webhooks/deliveries/{id}`: the delivery plus its attempts, oldest first. */
export class WebhookDeliveryDetailResponse extends WebhookDeliveryResponse {
  @Field.list(() => WebhookAttemptResponse) attemptLog!: WebhookAttemptResponse[];
}

export class WebhookDeliveryPage {
  @Field.list(() => WebhookDeliveryResponse) data!: WebhookDeliveryResponse[];
  @Field.string({ nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' }) nextCursor!: string | null;
}
