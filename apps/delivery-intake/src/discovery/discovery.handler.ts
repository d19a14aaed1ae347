import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeliverySubjects, DiscoveryWorkItemsPage, ListWorkItemsRequest, LocateRecordRequest, LocatedDeliveryRecord } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { DiscoveryReadsService } from './discovery-reads.service';

@MessageController()
export class DiscoveryHandler {
  constructor(@Inject(DiscoveryReadsService) private readonly reads: DiscoveryReadsService) {}

  @MessagePattern(DeliverySubjects.locate)
  locate(@Payload() { auth, id }: LocateRecordRequest): Promise<LocatedDeliveryRecord | null> {
    return this.reads.locate(auth, id);
  }

  @MessagePattern(DeliverySubjects.discoveryWorkItems)
  workItemsPage(@Payload() { auth, query }: ListWorkItemsRequest): Promise<DiscoveryWorkItemsPage> {
    return this.reads.workItemsPage(auth, query);
  }
}
