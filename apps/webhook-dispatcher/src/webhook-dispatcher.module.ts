import { Module } from '@nestjs/common';

/** Outbound webhook subscriptions and deliveries (consumes the EVENTS stream). */
@Module({})
export class WebhookDispatcherModule {}
