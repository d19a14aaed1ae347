import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreatedWebhookResponse,
  CreateWebhookRequest,
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
import { MessageController } from '@pds/messaging';
import { DeliveryService } from './deliveries/delivery.service';
import { WebhookService } from './subscriptions/webhook.service';

@MessageController()
export class WebhookHandler {
  constructor(
    @Inject(WebhookService) private readonly webhooks: WebhookService,
    @Inject(DeliveryService) private readonly deliveries: DeliveryService,
  ) {}

  @MessagePattern(WebhookSubjects.create)
  create(@Payload() { auth, body }: CreateWebhookRequest): Promise<CreatedWebhookResponse> {
    return this.webhooks.create(auth, body);
  }

  @MessagePattern(WebhookSubjects.list)
  list(@Payload() { auth, query }: ListWebhooksRequest): Promise<Page<WebhookResponse>> {
    return this.webhooks.list(auth, query);
  }

  @MessagePattern(WebhookSubjects.update)
  update(@Payload() { auth, id, body }: UpdateWebhookRequest): Promise<WebhookResponse> {
    return this.webhooks.update(auth, id, body);
  }

  @MessagePattern(WebhookSubjects.remove)
  remove(@Payload() { auth, id }: WebhookIdRequest): Promise<void> {
    return this.webhooks.remove(auth, id);
  }

  @MessagePattern(WebhookSubjects.test)
  test(@Payload() { auth, id }: WebhookIdRequest): Promise<WebhookDeliveryResponse> {
    return this.webhooks.test(auth, id);
  }

  @MessagePattern(WebhookSubjects.rotateSecret)
  rotateSecret(@Payload() { auth, id }: WebhookIdRequest): Promise<CreatedWebhookResponse> {
    return this.webhooks.rotateSecret(auth, id);
  }

  @MessagePattern(WebhookSubjects.listDeliveries)
  listDeliveries(@Payload() { auth, query }: ListDeliveriesRequest): Promise<WebhookDeliveryPage> {
    return this.deliveries.list(auth, query);
  }

  @MessagePattern(WebhookSubjects.getDelivery)
  getDelivery(@Payload() { auth, id }: WebhookIdRequest): Promise<WebhookDeliveryDetailResponse> {
    return this.deliveries.get(auth, id);
  }

  @MessagePattern(WebhookSubjects.redeliver)
  redeliver(@Payload() { auth, id }: WebhookIdRequest): Promise<WebhookDeliveryResponse> {
    return this.deliveries.redeliver(auth, id);
  }
}
