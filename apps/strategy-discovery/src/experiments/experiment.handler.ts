import { Inject, Injectable } from '@nestjs/common';
import {
  ConcludeExperimentDto,
  CreateExperimentDto,
  ExperimentResponse,
  ListExperimentsQuery,
  Page,
  StrategyCreateRequest as Create,
  StrategyGetRequest as Get,
  StrategyListRequest as List,
  StrategySubjects as S,
  StrategyUpdateRequest as Update,
  UpdateExperimentDto,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { ExperimentService } from './experiment.service';

@Injectable()
export class ExperimentHandler {
  constructor(@Inject(ExperimentService) private readonly experiments: ExperimentService) {}

  @HandleMessage(S.experimentCreate)
  create({ auth, body }: Create<CreateExperimentDto>): Promise<ExperimentResponse> {
    return this.experiments.create(auth, body);
  }

  @HandleMessage(S.experimentList)
  list({ auth, query }: List<ListExperimentsQuery>): Promise<Page<ExperimentResponse>> {
    return this.experiments.list(auth, query);
  }

  @HandleMessage(S.experimentGet)
  get({ auth, id }: Get): Promise<ExperimentResponse> {
    return this.experiments.get(auth, id);
  }

  @HandleMessage(S.experimentUpdate)
  update({ auth, id, body }: Update<UpdateExperimentDto>): Promise<ExperimentResponse> {
    return this.experiments.update(auth, id, body);
  }

  @HandleMessage(S.experimentConclude)
  conclude({ auth, id, body }: Update<ConcludeExperimentDto | undefined>): Promise<ExperimentResponse> {
    return this.experiments.conclude(auth, id, body);
  }
}
