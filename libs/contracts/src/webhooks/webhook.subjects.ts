import { BodyRequest, IdBodyRequest, IdRequest, QueryRequest } from '../common/requests';
import { defineSubject, operationSubjects, recordResource } from '../common/subject';
import { CreateWebhookDto, ListDeliveriesQuery, ListWebhooksQuery, UpdateWebhookDto } from './webhook.dto';
import type {
  CreatedWebhookResponse,
  WebhookDeliveryDetailResponse,
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
  WebhookResponse,
} from './webhook.responses';

export class CreateWebhookRequest extends BodyRequest(CreateWebhookDto) {}
export class ListWebhooksRequest extends QueryRequest(ListWebhooksQuery) {}
export class UpdateWebhookRequest extends IdBodyRequest(UpdateWebhookDto) {}
/** delete, test, rotate-secret, get delivery, redeliver. */
export class WebhookIdRequest extends IdRequest {}
export class ListDeliveriesRequest extends QueryRequest(ListDeliveriesQuery) {}

/**
 * Subscriptions' plain operations, in the order of their REST routes (see RecordResource); a create
 * answers the signing secret once.
 */
export const WebhookRecords = Object.freeze({
  subscription: recordResource<WebhookResponse, CreatedWebhookResponse>()('webhooks.subscription', {
    list: ListWebhooksRequest,
    create: CreateWebhookRequest,
    update: UpdateWebhookRequest,
  }),
});

export const WebhookSubjects = Object.freeze({
  ...operationSubjects(WebhookRecords.subscription),
  remove: defineSubject<WebhookIdRequest, void>('webhooks.subscription.delete'),
  test: defineSubject<WebhookIdRequest, WebhookDeliveryResponse>('webhooks.subscription.test'),
  rotateSecret: defineSubject<WebhookIdRequest, CreatedWebhookResponse>('webhooks.subscription.rotate-secret'),
  listDeliveries: defineSubject<ListDeliveriesRequest, WebhookDeliveryPage>('webhooks.delivery.list'),
  getDelivery: defineSubject<WebhookIdRequest, WebhookDeliveryDetailResponse>('webhooks.delivery.get'),
  redeliver: defineSubject<WebhookIdRequest, WebhookDeliveryResponse>('webhooks.delivery.redeliver'),
});
