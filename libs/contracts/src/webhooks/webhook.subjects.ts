import type { AuthContext } from '../common/auth-context';
import type { CreateWebhookDto, ListDeliveriesQuery, ListWebhooksQuery, UpdateWebhookDto } from './webhook.dto';

export const WebhookSubjects = Object.freeze({
  create: 'webhooks.subscription.create',
  list: 'webhooks.subscription.list',
  update: 'webhooks.subscription.update',
  remove: 'webhooks.subscription.delete',
  test: 'webhooks.subscription.test',
  rotateSecret: 'webhooks.subscription.rotate-secret',
  listDeliveries: 'webhooks.delivery.list',
  getDelivery: 'webhooks.delivery.get',
  redeliver: 'webhooks.delivery.redeliver',
});

export interface CreateWebhookRequest {
  auth: AuthContext;
  body: CreateWebhookDto;
}
export interface ListWebhooksRequest {
  auth: AuthContext;
  query: ListWebhooksQuery;
}
export interface UpdateWebhookRequest {
  auth: AuthContext;
  id: string;
  body: UpdateWebhookDto;
}
/** delete, test, rotate-secret, get delivery, redeliver. */
export interface WebhookIdRequest {
  auth: AuthContext;
  id: string;
}
export interface ListDeliveriesRequest {
  auth: AuthContext;
  query: ListDeliveriesQuery;
}
