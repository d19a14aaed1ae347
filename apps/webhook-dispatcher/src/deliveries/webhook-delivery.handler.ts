import { MessagePattern, Payload } from '@nestjs/microservices';
import { ListDeliveriesRequest, WebhookDeliveryResponse, WebhookIdRequest, WebhookSubjects as W } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { WebhookDeliveryService } from './webhook-delivery.service';

@MessageController()
export class WebhookDeliveryHandler extends RecordHandlers(WebhookDeliveryService, {
  list: [W.listDeliveries, ListDeliveriesRequest],
  get: [W.getDelivery, WebhookIdRequest],
}) {
  @MessagePattern(W.redeliver)
  redeliver(@Payload() { auth, id }: WebhookIdRequest): Promise<WebhookDeliveryResponse> {
    return this.service.redeliver(auth, id);
  }
}
