import { Inject, Injectable } from '@nestjs/common';
import {
  CreateOpportunityDto,
  CreateOpportunitySolutionDto,
  ListOpportunitiesQuery,
  OpportunityResponse,
  Page,
  PromoteOpportunityDto,
  PromoteOpportunityResponse,
  SolutionResponse,
  StrategyCreateRequest as Create,
  StrategyGetRequest as Get,
  StrategyListRequest as List,
  StrategySubjects as S,
  StrategyUpdateRequest as Update,
  UpdateOpportunityDto,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { SolutionService } from '../solutions/solution.service';
import { OpportunityService } from './opportunity.service';

@Injectable()
export class OpportunityHandler {
  constructor(
    @Inject(OpportunityService) private readonly opportunities: OpportunityService,
    @Inject(SolutionService) private readonly solutions: SolutionService,
  ) {}

  @HandleMessage(S.opportunityCreate)
  create({ auth, body }: Create<CreateOpportunityDto>): Promise<OpportunityResponse> {
    return this.opportunities.create(auth, body);
  }

  @HandleMessage(S.opportunityList)
  list({ auth, query }: List<ListOpportunitiesQuery>): Promise<Page<OpportunityResponse>> {
    return this.opportunities.list(auth, query);
  }

  @HandleMessage(S.opportunityGet)
  get({ auth, id }: Get): Promise<OpportunityResponse> {
    return this.opportunities.get(auth, id);
  }

  @HandleMessage(S.opportunityUpdate)
  update({ auth, id, body }: Update<UpdateOpportunityDto>): Promise<OpportunityResponse> {
    return this.opportunities.update(auth, id, body);
  }

  @HandleMessage(S.opportunityPromote)
  promote({ auth, id, body }: Update<PromoteOpportunityDto>): Promise<PromoteOpportunityResponse> {
    return this.opportunities.promote(auth, id, body);
  }

  @HandleMessage(S.opportunitySolutionCreate)
  createSolution({ auth, id, body }: Update<CreateOpportunitySolutionDto>): Promise<SolutionResponse> {
    return this.solutions.createForOpportunity(auth, id, body);
  }
}
