import { OutboxRelay, TransactionalOutbox, transactionalOutboxProviders } from '@pds/messaging';
import { PrismaClient } from '../generated/delivery/client';
import { DELIVERY_SCHEMA, DeliveryTx } from './delivery.prisma';

/** Publishes the delivery context's outbox (injection token of its relay). */
export class DeliveryOutboxRelay extends OutboxRelay {}

/** The delivery context's transactions; events emitted in one are published after it commits. */
export class DeliveryOutbox extends TransactionalOutbox<DeliveryTx> {}

export const deliveryOutboxProviders = transactionalOutboxProviders(DeliveryOutbox, DeliveryOutboxRelay, PrismaClient, DELIVERY_SCHEMA);
