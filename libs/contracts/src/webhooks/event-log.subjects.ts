import type { Page } from '../common/pagination';
import { QueryRequest } from '../common/requests';
import { defineSubject } from '../common/subject';
import { ListEventsQuery } from './event-log.dto';
import type { WebhookEventEnvelope } from './webhook.events';
import { ErasePersonalDataRequest } from '../delivery/erasure.dto';
import type { WebhookErasureCounts } from '../delivery/erasure.dto';

export class ListEventsRequest extends QueryRequest(ListEventsQuery) {}

/** The event log behind `GET /events`, kept by the webhook dispatcher. */
export const EventLogSubjects = Object.freeze({
  list: defineSubject<ListEventsRequest, Page<WebhookEventEnvelope>>('webhooks.event.list'),
  /** Removes a stakeholder's address from stored event bodies, delivery errors and attempt responses. */
  erase: defineSubject<ErasePersonalDataRequest, WebhookErasureCounts>('webhooks.personal-data.erase'),
});
