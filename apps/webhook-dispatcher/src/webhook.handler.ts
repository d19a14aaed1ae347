import { Inject, Injectable } from '@nestjs/common';
import {
  CreateWebhookRequest,
  CreatedWebhookResponse,
  ListDeliveriesRequest,
  ListWebhooksRequest,
  Page,
  UpdateWebhookRequest,
  WebhookDeliveryDetailResponse,
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
  WebhookIdRequest,
  WebhookResponse,
  WebhookSubjects,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { DeliveryService } from './deliveries/delivery.service';
import { WebhookService } from './subscriptions/webhook.service';

@Injectable()
export class WebhookHandler {
  constructor(
    @Inject(WebhookService) private readonly webhooks: WebhookService,
    @Inject(DeliveryService) private readonly deliveries: DeliveryService,
  ) {}

  @HandleMessage(WebhookSubjects.create)
  create({ auth, body }: CreateWebhookRequest): Promise<CreatedWebhookResponse> {
    return this.webhooks.create(auth, body);
  }

  @HandleMessage(WebhookSubjects.list)
  list({ auth, query }: ListWebhooksRequest): Promise<Page<WebhookResponse>> {
    return this.webhooks.list(auth, query);
  }

  @HandleMessage(WebhookSubjects.update)
  update({ auth, id, body }: UpdateWebhookRequest): Promise<WebhookResponse> {
    return this.webhooks.update(auth, id, body);
  }

  @HandleMessage(WebhookSubjects.remove)
  remove({ auth, id }: WebhookIdRequest): Promise<void> {
    return this.webhooks.remove(auth, id);
  }

  @HandleMessage(WebhookSubjects.test)
  test({ auth, id }: WebhookIdRequest): Promise<WebhookDeliveryResponse> {
    return this.webhooks.test(auth, id);
  }

  @HandleMessage(WebhookSubjects.rotateSecret)
  rotateSecret({ auth, id }: WebhookIdRequest): Promise<CreatedWebhookResponse> {
    return this.webhooks.rotateSecret(auth, id);
  }

  @HandleMessage(WebhookSubjects.listDeliveries)
  listDeliveries({ auth, query }: ListDeliveriesRequest): Promise<WebhookDeliveryPage> {
    return this.deliveries.list(auth, query);
  }

  @HandleMessage(WebhookSubjects.getDelivery)
  getDelivery({ auth, id }: WebhookIdRequest): Promise<WebhookDeliveryDetailResponse> {
    return this.deliveries.get(auth, id);
  }

  @HandleMessage(WebhookSubjects.redeliver)
  redeliver({ auth, id }: WebhookIdRequest): Promise<WebhookDeliveryResponse> {
    return this.deliveries.redeliver(auth, id);
  }
}
