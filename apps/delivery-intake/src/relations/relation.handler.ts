import { Inject, Injectable } from '@nestjs/common';
import {
  AddRelationRequest,
  DeliverySubjects,
  ListRelationsRequest,
  RemoveRelationRequest,
  WorkItemRelationsResponse,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { RelationService } from './relation.service';

@Injectable()
export class RelationHandler {
  constructor(@Inject(RelationService) private readonly relations: RelationService) {}

  @HandleMessage(DeliverySubjects.relationList)
  list({ auth, id }: ListRelationsRequest): Promise<WorkItemRelationsResponse> {
    return this.relations.list(auth, id);
  }

  @HandleMessage(DeliverySubjects.relationAdd)
  add({ auth, id, body }: AddRelationRequest): Promise<WorkItemRelationsResponse> {
    return this.relations.add(auth, id, body);
  }

  @HandleMessage(DeliverySubjects.relationRemove)
  remove({ auth, id, relationId }: RemoveRelationRequest): Promise<void> {
    return this.relations.remove(auth, id, relationId);
  }
}
