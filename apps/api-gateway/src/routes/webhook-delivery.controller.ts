import { Get, Param, Post, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
import {
  AuthContext,
  ListDeliveriesQuery,
  WebhookDeliveryDetailResponse,
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
  WebhookSubjects,
} from '@pds/contracts';
import { Returns, Doc } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';

/** `/webhooks/deliveries` is a fixed segment: this controller is registered before WebhookController. */
@ApiController('webhooks/deliveries')
export class WebhookDeliveryController extends BusRoutes {
  @Returns(WebhookDeliveryPage)
  @Get()
  @Doc("List webhook deliveries", "Deliveries to the organization's subscriptions, newest first: event, status code, attempts and when the next one is due.", { requires: Permission.WebhooksManage })
  list(@Auth() auth: AuthContext, @Query() query: ListDeliveriesQuery): Promise<WebhookDeliveryPage> {
    return this.bus.request(WebhookSubjects.listDeliveries, { auth, query });
  }

  @Returns(WebhookDeliveryDetailResponse)
  @Get(':id')
  @Doc("Get a webhook delivery", "One delivery with its attempt log: each attempt's status code, latency and the start of the response body.", { requires: Permission.WebhooksManage })
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WebhookDeliveryDetailResponse> {
    return this.bus.request(WebhookSubjects.getDelivery, { auth, id });
  }

  @Returns(WebhookDeliveryResponse)
  @Post(':id/redeliver')
  @Doc('Redeliver a webhook delivery', 'Queues the delivery again with the same event and body; answers the delivery record.', { requires: Permission.WebhooksManage })
  redeliver(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WebhookDeliveryResponse> {
    return this.bus.request(WebhookSubjects.redeliver, { auth, id });
  }
}
