import type { Page } from '../common/pagination';
import { BodyRequest, IdBodyRequest, IdRequest, QueryRequest } from '../common/requests';
import { defineSubject } from '../common/subject';
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

export const WebhookSubjects = Object.freeze({
  create: defineSubject<CreateWebhookRequest, CreatedWebhookResponse>('webhooks.subscription.create'),
  list: defineSubject<ListWebhooksRequest, Page<WebhookResponse>>('webhooks.subscription.list'),
  update: defineSubject<UpdateWebhookRequest, WebhookResponse>('webhooks.subscription.update'),
  remove: defineSubject<WebhookIdRequest, void>('webhooks.subscription.delete'),
  test: defineSubject<WebhookIdRequest, WebhookDeliveryResponse>('webhooks.subscription.test'),
  rotateSecret: defineSubject<WebhookIdRequest, CreatedWebhookResponse>('webhooks.subscription.rotate-secret'),
  listDeliveries: defineSubject<ListDeliveriesRequest, WebhookDeliveryPage>('webhooks.delivery.list'),
  getDelivery: defineSubject<WebhookIdRequest, WebhookDeliveryDetailResponse>('webhooks.delivery.get'),
  redeliver: defineSubject<WebhookIdRequest, WebhookDeliveryResponse>('webhooks.delivery.redeliver'),
});
