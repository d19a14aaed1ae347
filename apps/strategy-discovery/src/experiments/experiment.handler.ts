import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ConcludeExperimentRequest,
  CreateExperimentRequest,
  ExperimentResponse,
  GetStrategyRecordRequest,
  ListExperimentsRequest,
  StrategySubjects as S,
  UpdateExperimentRequest,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { ExperimentService } from './experiment.service';

@MessageController()
export class ExperimentHandler extends RecordHandlers(ExperimentService, {
  create: [S.experimentCreate, CreateExperimentRequest],
  list: [S.experimentList, ListExperimentsRequest],
  get: [S.experimentGet, GetStrategyRecordRequest],
  update: [S.experimentUpdate, UpdateExperimentRequest],
}) {
  @MessagePattern(S.experimentConclude)
  conclude(@Payload() { auth, id, body }: ConcludeExperimentRequest): Promise<ExperimentResponse> {
    return this.service.conclude(auth, id, body);
  }
}
