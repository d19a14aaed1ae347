import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateOpportunitySolutionRequest, SolutionResponse, StrategyRecords, StrategySubjects as S } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { SolutionService } from './solution.service';

@MessageController()
export class SolutionHandler extends RecordHandlers(SolutionService, StrategyRecords.solution) {
  /** `POST /opportunities/{id}/solutions`: served beside the other solution writes, so opportunities need not know solutions. */
  @MessagePattern(S.opportunitySolutionCreate)
  createForOpportunity(@Payload() { auth, id, body }: CreateOpportunitySolutionRequest): Promise<SolutionResponse> {
    return this.service.createForOpportunity(auth, id, body);
  }
}
