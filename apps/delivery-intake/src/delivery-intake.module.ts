import { Module } from '@nestjs/common';
import { deliveryOutboxProvider } from './common/delivery.outbox';
import { deliveryPrismaProvider } from './common/delivery.prisma';
import { WorkItemHandler } from './work-items/work-item.handler';
import { WorkItemReferences } from './work-items/work-item.references';
import { WorkItemRepository } from './work-items/work-item.repository';
import { WorkItemService } from './work-items/work-item.service';

/** Work items, relations, labels, comments, sprints, teams, intake, changelog. Served over the bus. */
@Module({
  providers: [
    deliveryPrismaProvider,
    deliveryOutboxProvider,
    WorkItemRepository,
    WorkItemReferences,
    WorkItemService,
    WorkItemHandler,
  ],
})
export class DeliveryIntakeModule {}
