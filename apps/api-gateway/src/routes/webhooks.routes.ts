import type { Provider, Type } from '@nestjs/common';

/** REST routes of the webhooks context (subscriptions, deliveries); each forwards over the bus. */
export const WEBHOOK_CONTROLLERS: Type<unknown>[] = [];
export const WEBHOOK_PROVIDERS: Provider[] = [];
