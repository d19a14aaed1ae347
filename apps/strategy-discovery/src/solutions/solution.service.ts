import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CreateOpportunitySolutionDto,
  CreateSolutionDto,
  InternalEventType,
  ListSolutionsQuery,
  SolutionResponse,
} from '@pds/contracts';
import { KeyedRecordService } from '../records/keyed-record.service';
import { toSolutionResponse } from './solution.mapper';
import { StrategyOutbox } from '../database/strategy.outbox';
import { StrategyReferences } from '../references/strategy.references';
import { OpportunityService } from '../opportunities/opportunity.service';
import { Solution } from '../generated/strategy/client';
import { NewSolution, SolutionRepository } from './solution.repository';

/** Solutions; every create and change writes the internal `solution.updated`. */
@Injectable()
export class SolutionService extends KeyedRecordService<Solution, SolutionResponse, ListSolutionsQuery> {
  constructor(
    @Inject(SolutionRepository) private readonly solutions: SolutionRepository,
    @Inject(StrategyReferences) private readonly references: StrategyReferences,
    @Inject(OpportunityService) private readonly opportunities: OpportunityService,
    @Inject(StrategyOutbox) outbox: StrategyOutbox,
  ) {
    super(solutions, outbox, {
      resource: 'Solution',
      toResponse: toSolutionResponse,
      emitUpdated: (events, organizationId, response) => events.emit(InternalEventType.SolutionUpdated, organizationId, response),
    });
  }

  /** POST /solutions: the opportunity is a body id, so an unknown one is 400. */
  async create(auth: AuthContext, dto: CreateSolutionDto): Promise<SolutionResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.references.check(auth.organizationId, { opportunityId: dto.opportunityId });
    return this.insert(auth.organizationId, { ...dto });
  }

  /** POST /opportunities/{id}/solutions: the opportunity is a path id, so an unknown one is 404. */
  async createForOpportunity(auth: AuthContext, opportunityRef: string, dto: CreateOpportunitySolutionDto): Promise<SolutionResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const opportunity = await this.opportunities.require(auth.organizationId, opportunityRef);
    return this.insert(auth.organizationId, { ...dto, opportunityId: opportunity.id });
  }

  private async insert(organizationId: string, data: NewSolution): Promise<SolutionResponse> {
    return this.outbox.transaction(async (tx, events) => this.emitUpdated(events, await this.solutions.create(organizationId, data, tx)));
  }
}
