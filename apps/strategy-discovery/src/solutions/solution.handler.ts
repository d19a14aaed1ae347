import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateSolutionRequest,
  GetStrategyRecordRequest,
  ListSolutionsRequest,
  Page,
  SolutionResponse,
  StrategySubjects as S,
  UpdateSolutionRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { SolutionService } from './solution.service';

@MessageController()
export class SolutionHandler {
  constructor(@Inject(SolutionService) private readonly solutions: SolutionService) {}

  @MessagePattern(S.solutionCreate)
  create(@Payload() { auth, body }: CreateSolutionRequest): Promise<SolutionResponse> {
    return this.solutions.create(auth, body);
  }

  @MessagePattern(S.solutionList)
  list(@Payload() { auth, query }: ListSolutionsRequest): Promise<Page<SolutionResponse>> {
    return this.solutions.list(auth, query);
  }

  @MessagePattern(S.solutionGet)
  get(@Payload() { auth, id }: GetStrategyRecordRequest): Promise<SolutionResponse> {
    return this.solutions.get(auth, id);
  }

  @MessagePattern(S.solutionUpdate)
  update(@Payload() { auth, id, body }: UpdateSolutionRequest): Promise<SolutionResponse> {
    return this.solutions.update(auth, id, body);
  }
}
