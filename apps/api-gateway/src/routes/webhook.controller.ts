import { Param, Post } from '@nestjs/common';
import { Permission } from '@pds/auth';
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
import { Returns, Doc } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes } from './record-routes';

class WebhookActionRoutes extends BusRoutes {
  @Returns(WebhookDeliveryResponse)
  @Post(':id/test')
  @Doc("Send a test ping", "Sends a `ping` event to the subscription's URL now and answers the delivery record.", { requires: Permission.WebhooksManage })
  test(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WebhookDeliveryResponse> {
    return this.bus.request(WebhookSubjects.test, { auth, id });
  }

  @Returns(CreatedWebhookResponse)
  @Post(':id/rotate-secret')
  @Doc("Rotate a webhook's signing secret", "Issues a new signing secret (shown once); deliveries from now on are signed with it.", { requires: Permission.WebhooksManage })
  rotateSecret(@Auth() auth: AuthContext, @Param('id') id: string): Promise<CreatedWebhookResponse> {
    return this.bus.request(WebhookSubjects.rotateSecret, { auth, id });
  }
}

@ApiController('webhooks')
export class WebhookController extends RecordRoutes(
  WebhookResponse,
  { ...WebhookRecords.subscription, remove: WebhookSubjects.remove },
  // Creation and rotation are the only answers that show the signing secret.
  {
    list: ListWebhooksQuery,
    create: CreateWebhookDto,
    update: UpdateWebhookDto,
    created: CreatedWebhookResponse,
    about: {
      one: 'webhook subscription',
      many: 'webhook subscriptions',
      writes: Permission.WebhooksManage,
      reads: Permission.WebhooksManage,
      notes: {
        create: 'The answer carries the signing secret, this once. Each event it names is then POSTed to `url`, signed with `X-SVC-Signature` (see the `webhooks` section), and retried with backoff until it is acknowledged.',
      },
    },
  },
  WebhookActionRoutes,
) {}
