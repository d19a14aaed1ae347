import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateOpportunityRequest,
  CreateOpportunitySolutionRequest,
  GetStrategyRecordRequest,
  ListOpportunitiesRequest,
  OpportunityResponse,
  Page,
  PromoteOpportunityRequest,
  PromoteOpportunityResponse,
  SolutionResponse,
  StrategySubjects as S,
  UpdateOpportunityRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { SolutionService } from '../solutions/solution.service';
import { OpportunityService } from './opportunity.service';

@MessageController()
export class OpportunityHandler {
  constructor(
    @Inject(OpportunityService) private readonly opportunities: OpportunityService,
    @Inject(SolutionService) private readonly solutions: SolutionService,
  ) {}

  @MessagePattern(S.opportunityCreate)
  create(@Payload() { auth, body, sourceRef }: CreateOpportunityRequest): Promise<OpportunityResponse> {
    return this.opportunities.create(auth, body, sourceRef);
  }

  @MessagePattern(S.opportunityList)
  list(@Payload() { auth, query }: ListOpportunitiesRequest): Promise<Page<OpportunityResponse>> {
    return this.opportunities.list(auth, query);
  }

  @MessagePattern(S.opportunityGet)
  get(@Payload() { auth, id }: GetStrategyRecordRequest): Promise<OpportunityResponse> {
    return this.opportunities.get(auth, id);
  }

  @MessagePattern(S.opportunityUpdate)
  update(@Payload() { auth, id, body }: UpdateOpportunityRequest): Promise<OpportunityResponse> {
    return this.opportunities.update(auth, id, body);
  }

  @MessagePattern(S.opportunityPromote)
  promote(@Payload() { auth, id, body }: PromoteOpportunityRequest): Promise<PromoteOpportunityResponse> {
    return this.opportunities.promote(auth, id, body);
  }

  @MessagePattern(S.opportunitySolutionCreate)
  createSolution(@Payload() { auth, id, body }: CreateOpportunitySolutionRequest): Promise<SolutionResponse> {
    return this.solutions.createForOpportunity(auth, id, body);
  }
}
