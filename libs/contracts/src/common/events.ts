import type { RecordKind } from './record-kinds';

/** Version label of the interface description; also `apiVersion` of every webhook envelope. */
export const API_VERSION = '2026-07-13';

/**
 * An event type names the kind of record it is about, then what happened to it (`ckr.created`);
 * `record.*` events are about a record of any kind, named in their data's `type`.
 */
type RecordEventType = `${RecordKind | 'record'}.${string}`;

export const EventType = Object.freeze({
  WorkItemCreated: 'work_item.created',
  WorkItemUpdated: 'work_item.updated',
  WorkItemStatusChanged: 'work_item.status_changed',
  CkrCreated: 'ckr.created',
  CkrUpdated: 'ckr.updated',
  OpportunityCreated: 'opportunity.created',
  ExperimentConcluded: 'experiment.concluded',
  IntakeCreated: 'intake.created',
  ChangelogPublished: 'changelog.published',
  /** A record went to the trash; opt-in like every type: only subscriptions that list it get it. */
  RecordDeleted: 'record.deleted',
  RecordRestored: 'record.restored',
} satisfies Record<string, RecordEventType>);
export type EventType = (typeof EventType)[keyof typeof EventType];
export const EVENT_TYPES: readonly EventType[] = Object.freeze(Object.values(EventType));

/** The interface contract's event envelope: what JetStream carries and what webhooks deliver. */
export interface EventEnvelope<T = Record<string, unknown>> {
  id: string;
  event: string;
  apiVersion: string;
  createdAt: string;
  organizationId: string;
  data: T;
}

/**
 * Events other contexts need that are not part of the contract: they travel on the EVENTS stream
 * like the others but are never offered to webhook subscribers. `data` is the record as the REST
 * API returns it. delivery-intake follows them to keep work-item classification live.
 */
export const InternalEventType = Object.freeze({
  OpportunityUpdated: 'opportunity.updated',
  SolutionUpdated: 'solution.updated',
  ExperimentUpdated: 'experiment.updated',
} satisfies Record<string, RecordEventType>);
export type InternalEventType = (typeof InternalEventType)[keyof typeof InternalEventType];

/** JetStream subject of a domain event. */
export function eventSubject(type: string): string {
  return `events.${type}`;
}
