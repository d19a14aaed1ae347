// Contracts of the webhooks area: DTOs, responses, NATS subjects and messages.
export * from './webhook.dto';
export * from './webhook.responses';
export * from './webhook.subjects';
export * from './webhook.events';
export * from './event-log.dto';
export * from './event-log.subjects';
