import { Get, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, EventLogSubjects, JsonPage, ListEventsQuery, WebhookEventEnvelope, splitPageJson } from '@pds/contracts';
import { Doc } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';

/** The event log for consumers catching up (Stripe's `GET /v1/events`): the stored envelopes go out as they are. */
@ApiController('events')
export class EventController extends BusRoutes {
  @Get()
  @Paginated(WebhookEventEnvelope)
  @Doc(
    'List events',
    'The event log: every event of the organization for `EVENT_RETENTION_DAYS` (30 by default), oldest first, each envelope byte for byte as webhooks deliver it, whether or not a subscription listed it; `sort=-createdAt` reads it newest first. A consumer that was down resumes with `after=<last event id>` (oldest first only: with `sort=-createdAt` it is a 400) or the page cursor.',
    { requires: Permission.WebhooksManage },
  )
  async list(@Auth() auth: AuthContext, @Query() query: ListEventsQuery): Promise<JsonPage<WebhookEventEnvelope>> {
    return splitPageJson(await this.bus.requestJson(EventLogSubjects.list, { auth, query }));
  }
}
