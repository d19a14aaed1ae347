import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConcludeExperimentRequest, ExperimentResponse, StrategyRecords, StrategySubjects as S } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { ExperimentService } from './experiment.service';

@MessageController()
export class ExperimentHandler extends RecordHandlers(ExperimentService, StrategyRecords.experiment) {
  @MessagePattern(S.experimentConclude)
  conclude(@Payload() { auth, id, body }: ConcludeExperimentRequest): Promise<ExperimentResponse> {
    return this.service.conclude(auth, id, body);
  }
}
