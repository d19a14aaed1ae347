import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CreateOpportunitySolutionDto,
  CreateSolutionDto,
  InternalEventType,
  ListSolutionsQuery,
  NotFoundError,
  Page,
  SolutionResponse,
  UpdateSolutionDto,
} from '@pds/contracts';
import { OutboxEvents } from '@pds/messaging';
import { pageRequest, toPage } from '@pds/persistence';
import { changedFields } from '../common/record-ref';
import { toSolutionResponse } from '../common/strategy.mapper';
import { StrategyOutbox } from '../common/strategy.outbox';
import { StrategyReferences } from '../common/strategy.references';
import { OpportunityService } from '../opportunities/opportunity.service';
import { Solution } from '../generated/strategy/client';
import { NewSolution, SolutionRepository } from './solution.repository';

/** Solutions; every create and change writes the internal `solution.updated`. */
@Injectable()
export class SolutionService {
  constructor(
    @Inject(SolutionRepository) private readonly solutions: SolutionRepository,
    @Inject(StrategyReferences) private readonly references: StrategyReferences,
    @Inject(OpportunityService) private readonly opportunities: OpportunityService,
    @Inject(StrategyOutbox) private readonly outbox: StrategyOutbox,
  ) {}

  async get(auth: AuthContext, ref: string): Promise<SolutionResponse> {
    assertCan(auth, Permission.Read);
    return toSolutionResponse(await this.require(auth.organizationId, ref));
  }

  async list(auth: AuthContext, query: ListSolutionsQuery): Promise<Page<SolutionResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    return toPage(await this.solutions.list(auth.organizationId, query, after, limit + 1), limit, toSolutionResponse);
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

  async update(auth: AuthContext, ref: string, dto: UpdateSolutionDto): Promise<SolutionResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    const changes = changedFields(current, { ...dto });
    if (Object.keys(changes).length === 0) return toSolutionResponse(current);
    return this.outbox.transaction(async (tx, events) => this.emitUpdated(events, await this.solutions.update(auth.organizationId, current.id, changes, tx)));
  }

  private async insert(organizationId: string, data: NewSolution): Promise<SolutionResponse> {
    return this.outbox.transaction(async (tx, events) => this.emitUpdated(events, await this.solutions.create(organizationId, data, tx)));
  }

  private async emitUpdated(events: OutboxEvents, row: Solution): Promise<SolutionResponse> {
    const response = toSolutionResponse(row);
    await events.emit(InternalEventType.SolutionUpdated, row.organizationId, response);
    return response;
  }

  private async require(organizationId: string, ref: string): Promise<Solution> {
    const row = await this.solutions.findByRef(organizationId, ref);
    if (!row) throw new NotFoundError('Solution', ref);
    return row;
  }
}
