import { Get, Query } from '@nestjs/common';
import { AuthContext, EventLogSubjects, JsonPage, ListEventsQuery, WebhookEventEnvelope, splitPageJson } from '@pds/contracts';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';

/** The event log for consumers catching up (Stripe's `GET /v1/events`): the stored envelopes go out as they are. */
@ApiController('events')
export class EventController extends BusRoutes {
  @Get()
  @Paginated(WebhookEventEnvelope)
  async list(@Auth() auth: AuthContext, @Query() query: ListEventsQuery): Promise<JsonPage<WebhookEventEnvelope>> {
    return splitPageJson(await this.bus.requestJson(EventLogSubjects.list, { auth, query }));
  }
}
