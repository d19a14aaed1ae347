import { Param, Post } from '@nestjs/common';
import {
  AuthContext,
  CreateWebhookDto,
  CreatedWebhookResponse,
  ListWebhooksQuery,
  UpdateWebhookDto,
  WebhookDeliveryResponse,
  WebhookRecords,
  WebhookResponse,
  WebhookSubjects,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes } from './record-routes';

class WebhookActionRoutes extends BusRoutes {
  @Returns(WebhookDeliveryResponse)
  @Post(':id/test')
  test(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WebhookDeliveryResponse> {
    return this.bus.request(WebhookSubjects.test, { auth, id });
  }

  @Returns(CreatedWebhookResponse)
  @Post(':id/rotate-secret')
  rotateSecret(@Auth() auth: AuthContext, @Param('id') id: string): Promise<CreatedWebhookResponse> {
    return this.bus.request(WebhookSubjects.rotateSecret, { auth, id });
  }
}

@ApiController('webhooks')
export class WebhookController extends RecordRoutes(
  WebhookResponse,
  { ...WebhookRecords.subscription, remove: WebhookSubjects.remove },
  // Creation and rotation are the only answers that show the signing secret.
  { list: ListWebhooksQuery, create: CreateWebhookDto, update: UpdateWebhookDto, created: CreatedWebhookResponse },
  WebhookActionRoutes,
) {}
