import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeliverySubjects, DiscoveryWorkItemsPage, ListWorkItemsRequest, LocateRecordRequest, LocatedDeliveryRecord } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { DeliveryRecordLocator } from './delivery-record-locator.service';
import { DiscoveryWorkItemsService } from './discovery-work-items.service';

/** What the MCP server reads of this context in one message where the REST edge makes several. */
@MessageController()
export class DiscoveryHandler {
  constructor(
    @Inject(DeliveryRecordLocator) private readonly locator: DeliveryRecordLocator,
    @Inject(DiscoveryWorkItemsService) private readonly workItems: DiscoveryWorkItemsService,
  ) {}

  @MessagePattern(DeliverySubjects.locate)
  locate(@Payload() { auth, id }: LocateRecordRequest): Promise<LocatedDeliveryRecord | null> {
    return this.locator.locate(auth, id);
  }

  @MessagePattern(DeliverySubjects.discoveryWorkItems)
  workItemsPage(@Payload() { auth, query }: ListWorkItemsRequest): Promise<DiscoveryWorkItemsPage> {
    return this.workItems.page(auth, query);
  }
}
