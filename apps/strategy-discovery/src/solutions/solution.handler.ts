import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateOpportunitySolutionRequest,
  CreateSolutionRequest,
  GetStrategyRecordRequest,
  ListSolutionsRequest,
  SolutionResponse,
  StrategySubjects as S,
  UpdateSolutionRequest,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { SolutionService } from './solution.service';

@MessageController()
export class SolutionHandler extends RecordHandlers(SolutionService, {
  create: [S.solutionCreate, CreateSolutionRequest],
  list: [S.solutionList, ListSolutionsRequest],
  get: [S.solutionGet, GetStrategyRecordRequest],
  update: [S.solutionUpdate, UpdateSolutionRequest],
}) {
  /** `POST /opportunities/{id}/solutions`: served beside the other solution writes, so opportunities need not know solutions. */
  @MessagePattern(S.opportunitySolutionCreate)
  createForOpportunity(@Payload() { auth, id, body }: CreateOpportunitySolutionRequest): Promise<SolutionResponse> {
    return this.service.createForOpportunity(auth, id, body);
  }
}
