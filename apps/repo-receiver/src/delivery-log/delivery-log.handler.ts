import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ListRepoDeliveriesRequest, Page, RepoDeliveryResponse, RepoSubjects } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { DeliveryLogService } from './delivery-log.service';

@MessageController()
export class DeliveryLogHandler {
  constructor(@Inject(DeliveryLogService) private readonly log: DeliveryLogService) {}

  @MessagePattern(RepoSubjects.deliveryList)
  list(@Payload() { auth, id, query }: ListRepoDeliveriesRequest): Promise<Page<RepoDeliveryResponse>> {
    return this.log.list(auth, id, query);
  }
}
