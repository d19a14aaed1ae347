import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreatedWebhookResponse, WebhookDeliveryResponse, WebhookIdRequest, WebhookRecords, WebhookSubjects as W } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { WebhookService } from './webhook.service';

@MessageController()
export class WebhookHandler extends RecordHandlers(WebhookService, WebhookRecords.subscription) {
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
}
