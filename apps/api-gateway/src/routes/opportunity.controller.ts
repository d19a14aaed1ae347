import { Body, Param, Post } from '@nestjs/common';
import {
  AuthContext,
  CreateOpportunityDto,
  CreateOpportunitySolutionDto,
  ListOpportunitiesQuery,
  OpportunityResponse,
  PromoteOpportunityDto,
  PromoteOpportunityResponse,
  SolutionResponse,
  StrategyRecords,
  StrategySubjects as S,
  StrategySubjects,
  UpdateOpportunityDto,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes, trash } from './record-routes';

class OpportunityActionRoutes extends BusRoutes {
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

@ApiController('opportunities')
export class OpportunityController extends RecordRoutes(
  OpportunityResponse,
  { ...StrategyRecords.opportunity, delete: trash(StrategySubjects.recordDelete, 'opportunity') },
  { create: CreateOpportunityDto, list: ListOpportunitiesQuery, update: UpdateOpportunityDto },
  OpportunityActionRoutes,
) {}
