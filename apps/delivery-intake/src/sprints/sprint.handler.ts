import { Inject, Injectable } from '@nestjs/common';
import {
  CreateSprintRequest,
  DeliverySubjects,
  GetSprintRequest,
  ListSprintsRequest,
  Page,
  SprintResponse,
  UpdateSprintRequest,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { SprintService } from './sprint.service';

@Injectable()
export class SprintHandler {
  constructor(@Inject(SprintService) private readonly sprints: SprintService) {}

  @HandleMessage(DeliverySubjects.sprintList)
  list({ auth, query }: ListSprintsRequest): Promise<Page<SprintResponse>> {
    return this.sprints.list(auth, query);
  }

  @HandleMessage(DeliverySubjects.sprintCreate)
  create({ auth, body }: CreateSprintRequest): Promise<SprintResponse> {
    return this.sprints.create(auth, body);
  }

  @HandleMessage(DeliverySubjects.sprintGet)
  get({ auth, id }: GetSprintRequest): Promise<SprintResponse> {
    return this.sprints.get(auth, id);
  }

  @HandleMessage(DeliverySubjects.sprintUpdate)
  update({ auth, id, body }: UpdateSprintRequest): Promise<SprintResponse> {
    return this.sprints.update(auth, id, body);
  }
}
