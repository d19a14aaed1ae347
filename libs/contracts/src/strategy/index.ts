// Contracts of the strategy area: DTOs, responses, NATS subjects and messages.
export * from './strategy-reference.subjects';
