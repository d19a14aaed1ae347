import { Body, Param, Post } from '@nestjs/common';
import { Permission } from '@pds/auth';
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
import { Returns, Doc } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes, trash } from './record-routes';

class OpportunityActionRoutes extends BusRoutes {
  @Returns(PromoteOpportunityResponse)
  @Post(':id/promote')
  @Doc('Promote an opportunity to a CKR (OKR)', 'Turns a draft opportunity into a CKR in one step: creates the CKR with the key results in the body and marks the opportunity `PROMOTED`, pointing at it. Answers both. A second promote is 409.', { requires: Permission.StrategyWrite, emits: ['ckr.created'] })
  promote(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: PromoteOpportunityDto): Promise<PromoteOpportunityResponse> {
    return this.bus.request(S.opportunityPromote, { auth, id, body });
  }

  @Returns(SolutionResponse)
  @Post(':id/solutions')
  @Doc('Propose a solution to an opportunity', 'Creates a solution under this opportunity.', { requires: Permission.StrategyWrite })
  createSolution(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateOpportunitySolutionDto): Promise<SolutionResponse> {
    return this.bus.request(S.opportunitySolutionCreate, { auth, id, body });
  }
}

@ApiController('opportunities')
export class OpportunityController extends RecordRoutes(
  OpportunityResponse,
  { ...StrategyRecords.opportunity, delete: trash(StrategySubjects.recordDelete, 'opportunity') },
  {
    create: CreateOpportunityDto,
    list: ListOpportunitiesQuery,
    update: UpdateOpportunityDto,
    about: {
      one: 'opportunity',
      many: 'opportunities',
      writes: Permission.StrategyWrite,
      emits: { create: ['opportunity.created'] },
      notes: {
        list: '`score` and `riceScore` are computed from impact, confidence, reach and effort.',
        update: 'Moving it to another CKR reclassifies the work items below it (`work_item.updated` for each that changes).',
      },
    },
  },
  OpportunityActionRoutes,
) {}
