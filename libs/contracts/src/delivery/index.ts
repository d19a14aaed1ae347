// Contracts of the delivery area: DTOs, responses, NATS subjects and messages.
export * from './changelog.dto';
export * from './comment.dto';
export * from './delivery.subjects';
export * from './intake.dto';
export * from './label.dto';
export * from './portal.dto';
export * from './relation.dto';
export * from './sprint.dto';
export * from './erasure.dto';
