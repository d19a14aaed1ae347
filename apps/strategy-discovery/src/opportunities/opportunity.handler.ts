import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateOpportunityRequest,
  CreateOpportunitySolutionRequest,
  GetStrategyRecordRequest,
  ListOpportunitiesRequest,
  OpportunityResponse,
  PromoteOpportunityRequest,
  PromoteOpportunityResponse,
  SolutionResponse,
  StrategySubjects as S,
  UpdateOpportunityRequest,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { SolutionService } from '../solutions/solution.service';
import { OpportunityService } from './opportunity.service';

@MessageController()
export class OpportunityHandler extends RecordHandlers(OpportunityService, {
  list: [S.opportunityList, ListOpportunitiesRequest],
  get: [S.opportunityGet, GetStrategyRecordRequest],
  update: [S.opportunityUpdate, UpdateOpportunityRequest],
}) {
  constructor(
    @Inject(OpportunityService) opportunities: OpportunityService,
    @Inject(SolutionService) private readonly solutions: SolutionService,
  ) {
    super(opportunities);
  }

  /** Intake conversion passes `sourceRef`, so a retried conversion finds the opportunity it made. */
  @MessagePattern(S.opportunityCreate)
  create(@Payload() { auth, body, sourceRef }: CreateOpportunityRequest): Promise<OpportunityResponse> {
    return this.service.create(auth, body, sourceRef);
  }

  @MessagePattern(S.opportunityPromote)
  promote(@Payload() { auth, id, body }: PromoteOpportunityRequest): Promise<PromoteOpportunityResponse> {
    return this.service.promote(auth, id, body);
  }

  @MessagePattern(S.opportunitySolutionCreate)
  createSolution(@Payload() { auth, id, body }: CreateOpportunitySolutionRequest): Promise<SolutionResponse> {
    return this.solutions.createForOpportunity(auth, id, body);
  }
}
