import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ConcludeExperimentRequest,
  CreateExperimentRequest,
  ExperimentResponse,
  GetStrategyRecordRequest,
  ListExperimentsRequest,
  Page,
  StrategySubjects as S,
  UpdateExperimentRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { ExperimentService } from './experiment.service';

@MessageController()
export class ExperimentHandler {
  constructor(@Inject(ExperimentService) private readonly experiments: ExperimentService) {}

  @MessagePattern(S.experimentCreate)
  create(@Payload() { auth, body }: CreateExperimentRequest): Promise<ExperimentResponse> {
    return this.experiments.create(auth, body);
  }

  @MessagePattern(S.experimentList)
  list(@Payload() { auth, query }: ListExperimentsRequest): Promise<Page<ExperimentResponse>> {
    return this.experiments.list(auth, query);
  }

  @MessagePattern(S.experimentGet)
  get(@Payload() { auth, id }: GetStrategyRecordRequest): Promise<ExperimentResponse> {
    return this.experiments.get(auth, id);
  }

  @MessagePattern(S.experimentUpdate)
  update(@Payload() { auth, id, body }: UpdateExperimentRequest): Promise<ExperimentResponse> {
    return this.experiments.update(auth, id, body);
  }

  @MessagePattern(S.experimentConclude)
  conclude(@Payload() { auth, id, body }: ConcludeExperimentRequest): Promise<ExperimentResponse> {
    return this.experiments.conclude(auth, id, body);
  }
}
