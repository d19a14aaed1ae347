import { OutboxRelay, outboxRelayProvider } from '@pds/messaging';
import { STRATEGY_SCHEMA } from './strategy.prisma';

/** Publishes the strategy context's outbox (injection token of its relay). */
export class StrategyOutbox extends OutboxRelay {}

export const strategyOutboxProvider = outboxRelayProvider(StrategyOutbox, STRATEGY_SCHEMA);
