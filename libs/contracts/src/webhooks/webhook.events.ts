import { OmitType } from '@nestjs/swagger';
import { WorkItemStatus } from '../common/enums';
import { API_VERSION, EVENT_TYPES, EventEnvelope, EventType } from '../common/events';
import { Field } from '../common/schema';
import { RecordLifecycleData } from '../common/trash';
import { ChangelogEntryResponse } from '../delivery/changelog.dto';
import { IntakeSubmissionResponse } from '../delivery/intake.dto';
import { CkrResponse, ExperimentResponse, OpportunityResponse } from '../strategy/strategy.responses';
import { WorkItemResponse } from '../work-items/work-item.dto';
import { PING_EVENT } from './webhook.responses';

/** The body of every webhook POST: the interface contract's event envelope. */
export class WebhookEventEnvelope implements EventEnvelope {
  @Field.uuid({ description: 'The same on every endpoint for one event: use it as the idempotency key' }) id!: string;
  @Field.enum([...EVENT_TYPES, PING_EVENT]) event!: string;
  @Field.string({ description: `The interface's version label, currently ${API_VERSION}` }) apiVersion!: string;
  @Field.timestamp() createdAt!: string;
  @Field.uuid() organizationId!: string;
  @Field.record({ description: 'The record as the REST API returns it; see each event' }) data!: Record<string, unknown>;
}

export class WorkItemStatusChangedData extends WorkItemResponse {
  @Field.enum(WorkItemStatus) previousStatus!: WorkItemStatus;
}

/** Contact data of an intake submitter never leaves the service: the interface contract requires it. */
export class IntakeCreatedData extends OmitType(IntakeSubmissionResponse, ['submitterName', 'submitterEmail'] as const) {}

export class PingData {
  @Field.uuid() webhookId!: string;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- model classes of the document
export const WEBHOOK_EVENT_DATA: Readonly<Record<EventType | typeof PING_EVENT, Function>> = Object.freeze({
  'work_item.created': WorkItemResponse,
  'work_item.updated': WorkItemResponse,
  'work_item.status_changed': WorkItemStatusChangedData,
  'ckr.created': CkrResponse,
  'ckr.updated': CkrResponse,
  'opportunity.created': OpportunityResponse,
  'experiment.concluded': ExperimentResponse,
  'intake.created': IntakeCreatedData,
  'changelog.published': ChangelogEntryResponse,
  'record.deleted': RecordLifecycleData,
  'record.restored': RecordLifecycleData,
  [PING_EVENT]: PingData,
});
