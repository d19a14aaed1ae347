import { OutboxRelay, TransactionalOutbox, transactionalOutboxProviders } from '@pds/messaging';
import { PrismaClient } from '../generated/strategy/client';
import { STRATEGY_SCHEMA, StrategyTx } from './strategy.prisma';

/** Publishes the strategy context's outbox (injection token of its relay). */
export class StrategyOutboxRelay extends OutboxRelay {}

/** The strategy context's transactions; events emitted in one are published after it commits. */
export class StrategyOutbox extends TransactionalOutbox<StrategyTx> {}

export const strategyOutboxProviders = transactionalOutboxProviders(StrategyOutbox, StrategyOutboxRelay, PrismaClient, STRATEGY_SCHEMA);
