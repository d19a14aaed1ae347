import { OutboxRelay, outboxRelayProvider } from '@pds/messaging';
import { DELIVERY_SCHEMA } from './delivery.prisma';

/** Publishes the delivery context's outbox (injection token of its relay). */
export class DeliveryOutboxRelay extends OutboxRelay {}

export const deliveryOutboxProvider = outboxRelayProvider(DeliveryOutboxRelay, DELIVERY_SCHEMA);
