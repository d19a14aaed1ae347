// Contracts of the strategy area: DTOs, responses, NATS subjects and messages.
export * from './strategy-reference.subjects';
export * from './strategy-search.dto';
export * from './strategy.enums';
export * from './strategy.dto';
export * from './strategy.responses';
export * from './strategy.subjects';
