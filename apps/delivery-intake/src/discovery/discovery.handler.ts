import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeliverySubjects, DiscoveryWorkItemsPage, GatheredSubjects, ListWorkItemsRequest, LocateRecordRequest, LocatedDeliveryRecord } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { DiscoveryLocateService } from './discovery-locate.service';
import { DiscoveryWorkItemsService } from './discovery-work-items.service';

@MessageController()
export class DiscoveryHandler {
  constructor(
    @Inject(DiscoveryLocateService) private readonly locator: DiscoveryLocateService,
    @Inject(DiscoveryWorkItemsService) private readonly workItems: DiscoveryWorkItemsService,
  ) {}

  @MessagePattern(GatheredSubjects.locateRecord)
  locate(@Payload() { auth, id }: LocateRecordRequest): Promise<LocatedDeliveryRecord | null> {
    return this.locator.locate(auth, id);
  }

  @MessagePattern(DeliverySubjects.discoveryWorkItems)
  workItemsPage(@Payload() { auth, query }: ListWorkItemsRequest): Promise<DiscoveryWorkItemsPage> {
    return this.workItems.page(auth, query);
  }
}
