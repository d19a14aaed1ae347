import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CreateOpportunitySolutionDto,
  CreateSolutionDto,
  InternalEventType,
  ListSolutionsQuery,
  SolutionResponse,
  UpdateSolutionDto,
} from '@pds/contracts';
import { StrategyOutbox } from '../database/strategy.outbox';
import { Solution } from '../generated/strategy/client';
import { OpportunityService } from '../opportunities/opportunity.service';
import { AnnouncedRecordService } from '../records/announced-record.service';
import { StrategyReferences } from '../references/strategy.references';
import { NewSolution, SolutionRepository } from './solution.repository';
import { toSolutionResponse } from './solution.mapper';

/** Solutions; every create and change writes the internal `solution.updated`. */
@Injectable()
export class SolutionService extends AnnouncedRecordService<Solution, SolutionResponse, ListSolutionsQuery, CreateSolutionDto, UpdateSolutionDto, NewSolution> {
  constructor(
    @Inject(SolutionRepository) solutions: SolutionRepository,
    @Inject(StrategyReferences) references: StrategyReferences,
    @Inject(OpportunityService) private readonly opportunities: OpportunityService,
    @Inject(StrategyOutbox) outbox: StrategyOutbox,
  ) {
    super(solutions, outbox, {
      recordKind: 'solution',
      toResponse: toSolutionResponse,
      // POST /solutions names the opportunity in the body, so an unknown one is 400.
      links: { references, of: (dto) => ('opportunityId' in dto ? { opportunityId: dto.opportunityId } : {}) },
      events: { created: [InternalEventType.SolutionUpdated], updated: [InternalEventType.SolutionUpdated] },
    });
  }

  protected toCreate(dto: CreateSolutionDto): NewSolution {
    return { ...dto };
  }

  /** POST /opportunities/{id}/solutions: the opportunity is a path id, so an unknown one is 404. */
  async createForOpportunity(auth: AuthContext, opportunityRef: string, dto: CreateOpportunitySolutionDto): Promise<SolutionResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const opportunity = await this.opportunities.require(auth.organizationId, opportunityRef);
    return this.outbox.transaction((tx, events) => this.insert(auth, { ...dto, opportunityId: opportunity.id }, tx, events));
  }
}
