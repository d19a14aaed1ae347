import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConcludeExperimentRequest, CreateExperimentRequest, ExperimentResponse, ListExperimentsRequest, StrategySubjects as S, UpdateExperimentRequest } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategyRecordHandlers } from '../common/strategy-record.handler';
import { ExperimentService } from './experiment.service';

@MessageController()
export class ExperimentHandler extends StrategyRecordHandlers(ExperimentService, 'experiment', {
  create: CreateExperimentRequest,
  list: ListExperimentsRequest,
  update: UpdateExperimentRequest,
}) {
  @MessagePattern(S.experimentConclude)
  conclude(@Payload() { auth, id, body }: ConcludeExperimentRequest): Promise<ExperimentResponse> {
    return this.service.conclude(auth, id, body);
  }
}
