import { DynamicModule, Module } from '@nestjs/common';
import { AuditEntryRepository } from './audit/audit-entry.repository';
import { AuditHandler } from './audit/audit.handler';
import { AuditLogService } from './audit/audit-log.service';
import { AuditPruner } from './audit/audit-pruner';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions, WebhookSettings, dispatcherOptionsFrom } from './common/dispatcher.options';
import { webhooksPrismaProvider } from './common/webhooks.prisma';
import { DueDeliveries } from './deliveries/due-deliveries';
import { WebhookDeliveryHandler } from './deliveries/webhook-delivery.handler';
import { WebhookDeliveryRepository } from './deliveries/webhook-delivery.repository';
import { WebhookDeliveryService } from './deliveries/webhook-delivery.service';
import { EventLogHandler } from './events/event-log.handler';
import { EventLogRepository } from './events/event-log.repository';
import { EventLogService } from './events/event-log.service';
import { EventRetention } from './events/event-retention';
import { PersonalDataRepository } from './events/personal-data.repository';
import { PersonalDataService } from './events/personal-data.service';
import { FanOutHandler } from './fan-out/fan-out.handler';
import { FanOutService } from './fan-out/fan-out.service';
import { secretBoxProvider } from './security/secret-key';
import { DeliveryWorker } from './sending/delivery.worker';
import { WebhookHandler } from './subscriptions/webhook.handler';
import { WebhookRepository } from './subscriptions/webhook.repository';
import { WebhookService } from './subscriptions/webhook.service';

/**
 * Outbound webhooks: subscriptions (`subscriptions/`), the fan-out of each domain event into
 * deliveries (`fan-out/`, consumes the EVENTS stream), their sending (`sending/`), the delivery
 * log (`deliveries/`), the event log with its retention and erasure (`events/`), and the audit log
 * (`audit/`: consumes every context's audit entries).
 */
@Module({})
export class WebhookDispatcherModule {
  static forRoot(options: WebhookDispatcherOptions = dispatcherOptionsFrom(new WebhookSettings())): DynamicModule {
    return {
      module: WebhookDispatcherModule,
      controllers: [WebhookHandler, WebhookDeliveryHandler, FanOutHandler, EventLogHandler, AuditHandler],
      providers: [
        { provide: DISPATCHER_OPTIONS, useValue: options },
        webhooksPrismaProvider,
        secretBoxProvider,
        WebhookRepository,
        WebhookDeliveryRepository,
        DueDeliveries,
        DeliveryWorker,
        FanOutService,
        WebhookService,
        WebhookDeliveryService,
        EventLogRepository,
        EventLogService,
        EventRetention,
        PersonalDataRepository,
        PersonalDataService,
        AuditEntryRepository,
        AuditLogService,
        AuditPruner,
      ],
    };
  }
}
