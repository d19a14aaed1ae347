import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreatedWebhookResponse,
  CreateWebhookRequest,
  ListDeliveriesRequest,
  ListWebhooksRequest,
  UpdateWebhookRequest,
  WebhookDeliveryDetailResponse,
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
  WebhookIdRequest,
  WebhookSubjects as W,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { DeliveryService } from './deliveries/delivery.service';
import { WebhookService } from './subscriptions/webhook.service';

@MessageController()
export class WebhookHandler extends RecordHandlers(WebhookService, {
  create: [W.create, CreateWebhookRequest],
  list: [W.list, ListWebhooksRequest],
  update: [W.update, UpdateWebhookRequest],
}) {
  constructor(
    @Inject(WebhookService) webhooks: WebhookService,
    @Inject(DeliveryService) private readonly deliveries: DeliveryService,
  ) {
    super(webhooks);
  }

  @MessagePattern(W.remove)
  remove(@Payload() { auth, id }: WebhookIdRequest): Promise<void> {
    return this.service.remove(auth, id);
  }

  @MessagePattern(W.test)
  test(@Payload() { auth, id }: WebhookIdRequest): Promise<WebhookDeliveryResponse> {
    return this.service.test(auth, id);
  }

  @MessagePattern(W.rotateSecret)
  rotateSecret(@Payload() { auth, id }: WebhookIdRequest): Promise<CreatedWebhookResponse> {
    return this.service.rotateSecret(auth, id);
  }

  @MessagePattern(W.listDeliveries)
  listDeliveries(@Payload() { auth, query }: ListDeliveriesRequest): Promise<WebhookDeliveryPage> {
    return this.deliveries.list(auth, query);
  }

  @MessagePattern(W.getDelivery)
  getDelivery(@Payload() { auth, id }: WebhookIdRequest): Promise<WebhookDeliveryDetailResponse> {
    return this.deliveries.get(auth, id);
  }

  @MessagePattern(W.redeliver)
  redeliver(@Payload() { auth, id }: WebhookIdRequest): Promise<WebhookDeliveryResponse> {
    return this.deliveries.redeliver(auth, id);
  }
}
