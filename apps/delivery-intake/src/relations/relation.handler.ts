import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AddRelationRequest,
  DeliverySubjects,
  ListRelationsRequest,
  RemoveRelationRequest,
  WorkItemRelationsResponse,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { RelationService } from './relation.service';

@MessageController()
export class RelationHandler {
  constructor(@Inject(RelationService) private readonly relations: RelationService) {}

  @MessagePattern(DeliverySubjects.relationList)
  list(@Payload() { auth, id }: ListRelationsRequest): Promise<WorkItemRelationsResponse> {
    return this.relations.list(auth, id);
  }

  @MessagePattern(DeliverySubjects.relationAdd)
  add(@Payload() { auth, id, body }: AddRelationRequest): Promise<WorkItemRelationsResponse> {
    return this.relations.add(auth, id, body);
  }

  @MessagePattern(DeliverySubjects.relationRemove)
  remove(@Payload() { auth, id, relationId }: RemoveRelationRequest): Promise<void> {
    return this.relations.remove(auth, id, relationId);
  }
}
