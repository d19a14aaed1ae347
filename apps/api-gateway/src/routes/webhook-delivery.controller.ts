import { Get, Param, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  ListDeliveriesQuery,
  WebhookDeliveryDetailResponse,
  WebhookDeliveryPage,
  WebhookDeliveryResponse,
  WebhookSubjects,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';

/** `/webhooks/deliveries` is a fixed segment: this controller is registered before WebhookController. */
@ApiController('webhooks/deliveries')
export class WebhookDeliveryController extends BusRoutes {
  @Returns(WebhookDeliveryPage)
  @Get()
  list(@Auth() auth: AuthContext, @Query() query: ListDeliveriesQuery): Promise<WebhookDeliveryPage> {
    return this.bus.request(WebhookSubjects.listDeliveries, { auth, query });
  }

  @Returns(WebhookDeliveryDetailResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WebhookDeliveryDetailResponse> {
    return this.bus.request(WebhookSubjects.getDelivery, { auth, id });
  }

  @Returns(WebhookDeliveryResponse)
  @Post(':id/redeliver')
  redeliver(@Auth() auth: AuthContext, @Param('id') id: string): Promise<WebhookDeliveryResponse> {
    return this.bus.request(WebhookSubjects.redeliver, { auth, id });
  }
}
