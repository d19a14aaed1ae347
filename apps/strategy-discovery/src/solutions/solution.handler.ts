import { Inject, Injectable } from '@nestjs/common';
import {
  CreateSolutionDto,
  ListSolutionsQuery,
  Page,
  SolutionResponse,
  StrategyCreateRequest as Create,
  StrategyGetRequest as Get,
  StrategyListRequest as List,
  StrategySubjects as S,
  StrategyUpdateRequest as Update,
  UpdateSolutionDto,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { SolutionService } from './solution.service';

@Injectable()
export class SolutionHandler {
  constructor(@Inject(SolutionService) private readonly solutions: SolutionService) {}

  @HandleMessage(S.solutionCreate)
  create({ auth, body }: Create<CreateSolutionDto>): Promise<SolutionResponse> {
    return this.solutions.create(auth, body);
  }

  @HandleMessage(S.solutionList)
  list({ auth, query }: List<ListSolutionsQuery>): Promise<Page<SolutionResponse>> {
    return this.solutions.list(auth, query);
  }

  @HandleMessage(S.solutionGet)
  get({ auth, id }: Get): Promise<SolutionResponse> {
    return this.solutions.get(auth, id);
  }

  @HandleMessage(S.solutionUpdate)
  update({ auth, id, body }: Update<UpdateSolutionDto>): Promise<SolutionResponse> {
    return this.solutions.update(auth, id, body);
  }
}
