import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EventPublisher, OutboxRelay } from '@pds/messaging';
import { LOGGER, Logger } from '@pds/observability';
import { DATABASE, Database } from '@pds/persistence';
import { DELIVERY_SCHEMA } from './delivery.prisma';

/** Publishes the delivery context's outbox. */
@Injectable()
export class DeliveryOutboxRelay extends OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(DATABASE) db: Database, @Inject(EventPublisher) publisher: EventPublisher, @Inject(LOGGER) logger: Logger) {
    super(db, publisher, logger, { schema: DELIVERY_SCHEMA });
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.stop();
  }
}
