import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateSprintRequest,
  DeliverySubjects,
  GetSprintRequest,
  ListSprintsRequest,
  Page,
  SprintResponse,
  UpdateSprintRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { SprintService } from './sprint.service';

@MessageController()
export class SprintHandler {
  constructor(@Inject(SprintService) private readonly sprints: SprintService) {}

  @MessagePattern(DeliverySubjects.sprintList)
  list(@Payload() { auth, query }: ListSprintsRequest): Promise<Page<SprintResponse>> {
    return this.sprints.list(auth, query);
  }

  @MessagePattern(DeliverySubjects.sprintCreate)
  create(@Payload() { auth, body }: CreateSprintRequest): Promise<SprintResponse> {
    return this.sprints.create(auth, body);
  }

  @MessagePattern(DeliverySubjects.sprintGet)
  get(@Payload() { auth, id }: GetSprintRequest): Promise<SprintResponse> {
    return this.sprints.get(auth, id);
  }

  @MessagePattern(DeliverySubjects.sprintUpdate)
  update(@Payload() { auth, id, body }: UpdateSprintRequest): Promise<SprintResponse> {
    return this.sprints.update(auth, id, body);
  }
}
