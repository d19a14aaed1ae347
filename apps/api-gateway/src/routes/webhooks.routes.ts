import type { Provider, Type } from '@nestjs/common';
import { EventController } from './event.controller';
import { WebhookDeliveryController } from './webhook-delivery.controller';
import { WebhookController } from './webhook.controller';

/**
 * REST routes of the webhooks context (subscriptions, deliveries, the event log); each forwards over the bus.
 * The deliveries controller comes first: `/webhooks/deliveries` is a fixed segment, not an `{id}`.
 */
export const WEBHOOK_CONTROLLERS: Type<unknown>[] = [WebhookDeliveryController, WebhookController, EventController];
export const WEBHOOK_PROVIDERS: Provider[] = [];
