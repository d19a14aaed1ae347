import { EventType, InternalEventType } from '@pds/contracts';
import { OutboxRelay, TransactionalOutbox, transactionalOutboxProviders } from '@pds/messaging';
import { PrismaClient } from '../generated/strategy/client';
import { STRATEGY_SCHEMA, StrategyTx } from './strategy.prisma';

/**
 * The events the strategy context writes. Its outbox takes no other, so this is what the context
 * publishes: the NATS-permissions spec (libs/messaging) reads the list here and compares it with
 * APP_MESSAGING, which grants the permissions.
 */
export type StrategyEvent =
  | typeof EventType.CkrCreated
  | typeof EventType.CkrUpdated
  | typeof EventType.OpportunityCreated
  | typeof EventType.ExperimentConcluded
  | typeof EventType.RecordDeleted
  | typeof EventType.RecordRestored
  | typeof InternalEventType.OpportunityUpdated
  | typeof InternalEventType.SolutionUpdated
  | typeof InternalEventType.ExperimentUpdated;

/** Publishes the strategy context's outbox (injection token of its relay). */
export class StrategyOutboxRelay extends OutboxRelay {}

/** The strategy context's transactions; events emitted in one are published after it commits. */
export class StrategyOutbox extends TransactionalOutbox<StrategyTx, StrategyEvent> {}

export const strategyOutboxProviders = transactionalOutboxProviders(StrategyOutbox, StrategyOutboxRelay, PrismaClient, STRATEGY_SCHEMA);
