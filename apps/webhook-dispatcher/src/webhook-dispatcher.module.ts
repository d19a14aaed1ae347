import { DynamicModule, Module } from '@nestjs/common';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions, WebhookSettings, dispatcherOptionsFrom } from './common/dispatcher.options';
import { webhooksPrismaProvider } from './common/webhooks.prisma';
import { DeliveryRepository } from './deliveries/delivery.repository';
import { DeliveryService } from './deliveries/delivery.service';
import { DeliveryWorker } from './delivery/delivery.worker';
import { EventIntake } from './delivery/event-intake';
import { EventIntakeHandler } from './delivery/event-intake.handler';
import { secretBoxProvider } from './security/secret-key';
import { WebhookRepository } from './subscriptions/webhook.repository';
import { WebhookService } from './subscriptions/webhook.service';
import { WebhookHandler } from './webhook.handler';

/** Outbound webhook subscriptions and deliveries (consumes the EVENTS stream). */
@Module({})
export class WebhookDispatcherModule {
  static forRoot(options: WebhookDispatcherOptions = dispatcherOptionsFrom(new WebhookSettings())): DynamicModule {
    return {
      module: WebhookDispatcherModule,
      controllers: [WebhookHandler, EventIntakeHandler],
      providers: [
        { provide: DISPATCHER_OPTIONS, useValue: options },
        webhooksPrismaProvider,
        secretBoxProvider,
        WebhookRepository,
        DeliveryRepository,
        DeliveryWorker,
        EventIntake,
        WebhookService,
        DeliveryService,
      ],
    };
  }
}
