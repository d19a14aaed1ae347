import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  CreateOpportunityDto,
  CreateOpportunitySolutionDto,
  ListOpportunitiesQuery,
  OpportunityResponse,
  Page,
  PromoteOpportunityDto,
  PromoteOpportunityResponse,
  SolutionResponse,
  StrategySubjects as S,
  UpdateOpportunityDto,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('opportunities')
export class OpportunityController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(OpportunityResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateOpportunityDto): Promise<OpportunityResponse> {
    return this.bus.request(S.opportunityCreate, { auth, body });
  }

  @Get()
  @Paginated(OpportunityResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListOpportunitiesQuery): Promise<Page<OpportunityResponse>> {
    return this.bus.request(S.opportunityList, { auth, query });
  }

  @Returns(OpportunityResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<OpportunityResponse> {
    return this.bus.request(S.opportunityGet, { auth, id });
  }

  @Returns(OpportunityResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateOpportunityDto): Promise<OpportunityResponse> {
    return this.bus.request(S.opportunityUpdate, { auth, id, body });
  }

  @Returns(PromoteOpportunityResponse)
  @Post(':id/promote')
  promote(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: PromoteOpportunityDto): Promise<PromoteOpportunityResponse> {
    return this.bus.request(S.opportunityPromote, { auth, id, body });
  }

  @Returns(SolutionResponse)
  @Post(':id/solutions')
  createSolution(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateOpportunitySolutionDto): Promise<SolutionResponse> {
    return this.bus.request(S.opportunitySolutionCreate, { auth, id, body });
  }
}
