import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  BadRequestError,
  CkrStatus,
  ConflictError,
  CreateOpportunityDto,
  DRAFT_OPPORTUNITY_STATUSES,
  EventType,
  InternalEventType,
  ListOpportunitiesQuery,
  NotFoundError,
  OpportunityResponse,
  OpportunityStatus,
  Page,
  PromoteOpportunityDto,
  PromoteOpportunityResponse,
  UpdateOpportunityDto,
} from '@pds/contracts';
import { OutboxEvents } from '@pds/messaging';
import { pageRequest, toPage } from '@pds/persistence';
import { CkrService } from '../ckrs/ckr.service';
import { changedFields } from '../common/record-ref';
import { StrategyLookupRepository } from '../common/strategy-lookup.repository';
import { toOpportunityResponse } from '../common/strategy.mapper';
import { StrategyOutbox } from '../common/strategy.outbox';
import { StrategyTx } from '../common/strategy.prisma';
import { StrategyReferences } from '../common/strategy.references';
import { Opportunity } from '../generated/strategy/client';
import { OpportunityRepository } from './opportunity.repository';

@Injectable()
export class OpportunityService {
  constructor(
    @Inject(OpportunityRepository) private readonly opportunities: OpportunityRepository,
    @Inject(CkrService) private readonly ckrs: CkrService,
    @Inject(StrategyLookupRepository) private readonly lookups: StrategyLookupRepository,
    @Inject(StrategyReferences) private readonly references: StrategyReferences,
    @Inject(StrategyOutbox) private readonly outbox: StrategyOutbox,
  ) {}

  async get(auth: AuthContext, ref: string): Promise<OpportunityResponse> {
    assertCan(auth, Permission.Read);
    return toOpportunityResponse(await this.require(auth.organizationId, ref));
  }

  async list(auth: AuthContext, query: ListOpportunitiesQuery): Promise<Page<OpportunityResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    return toPage(await this.opportunities.list(auth.organizationId, query, after, limit + 1), limit, toOpportunityResponse);
  }

  /** Writes `opportunity.created` and the internal `opportunity.updated` (classification follows it). */
  /** `sourceRef` (another context's request, e.g. an intake conversion) makes a retry return the first result. */
  async create(auth: AuthContext, dto: CreateOpportunityDto, sourceRef?: string): Promise<OpportunityResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.references.check(auth.organizationId, dto);
    return this.outbox.transaction(async (tx, events) => {
      const existing = sourceRef ? await this.opportunities.lockSource(auth.organizationId, sourceRef, tx) : null;
      if (existing) return toOpportunityResponse(existing);
      const row = await this.opportunities.create(auth.organizationId, { ...dto, insightIds: dto.insightIds ?? [], sourceRef }, tx);
      const created = toOpportunityResponse(row);
      await events.emit(EventType.OpportunityCreated, auth.organizationId, created);
      await events.emit(InternalEventType.OpportunityUpdated, auth.organizationId, created);
      return created;
    });
  }

  async update(auth: AuthContext, ref: string, dto: UpdateOpportunityDto): Promise<OpportunityResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    await this.references.check(auth.organizationId, dto);
    const changes = changedFields(current, { ...dto });
    if (Object.keys(changes).length === 0) return toOpportunityResponse(current);
    return this.outbox.transaction(async (tx, events) =>
      this.emitUpdated(events, await this.opportunities.update(auth.organizationId, current.id, changes, tx)),
    );
  }

  /**
   * Turns a draft opportunity into an OKR in one transaction: the OKR (with `ckr.created`) and the
   * opportunity marked PROMOTED and pointing at it (with `opportunity.updated`). The row lock makes
   * a concurrent second promote see PROMOTED and fail with 409.
   */
  async promote(auth: AuthContext, ref: string, dto: PromoteOpportunityDto): Promise<PromoteOpportunityResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    assertDraft(current);
    const annualGoalId = await this.annualGoalFor(auth.organizationId, current, dto);
    // A body annualGoalId is checked even when the product goal's wins: every body id must be ours.
    await this.references.check(auth.organizationId, {
      annualGoalId: dto.annualGoalId ?? annualGoalId,
      planningCycleIds: dto.planningCycleIds,
      ownerId: dto.ownerId,
    });
    return this.outbox.transaction(async (tx, events) => {
      const status = await this.opportunities.lockStatus(auth.organizationId, current.id, tx);
      if (status === null) throw new NotFoundError('Opportunity', ref);
      assertDraft({ status });
      const ckr = await this.ckrs.insert(
        auth.organizationId,
        {
        annualGoalId,
        productGoalId: current.productGoalId,
        planningCycleIds: dto.planningCycleIds,
        ownerId: dto.ownerId ?? current.ownerId,
        title: current.title,
        description: current.description,
        confidence: dto.confidence ?? 3,
        status: CkrStatus.DRAFT,
        keyResults: dto.keyResults ?? [],
        },
        tx,
        events,
      );
      const opportunity = await this.markPromoted(auth.organizationId, current.id, ckr.id, tx, events);
      return { opportunity, ckr };
    });
  }

  /** The second write of promote (its own method so a test can make it fail). */
  private async markPromoted(organizationId: string, id: string, ckrId: string, tx: StrategyTx, events: OutboxEvents): Promise<OpportunityResponse> {
    return this.emitUpdated(events, await this.opportunities.update(organizationId, id, { status: OpportunityStatus.PROMOTED, ckrId }, tx));
  }

  /** From the opportunity's product goal, else from the body (ARCHITECTURE.md section 5). */
  private async annualGoalFor(organizationId: string, opportunity: Opportunity, dto: PromoteOpportunityDto): Promise<string> {
    if (opportunity.productGoalId) {
      const annualGoalId = await this.lookups.annualGoalOfProductGoal(organizationId, opportunity.productGoalId);
      if (annualGoalId) return annualGoalId;
    }
    if (dto.annualGoalId) return dto.annualGoalId;
    throw new BadRequestError('The OKR needs an annual goal: the opportunity has none through its product goal', {
      annualGoalId: ['required when the opportunity has no product goal with an annual goal'],
    });
  }

  private async emitUpdated(events: OutboxEvents, row: Opportunity): Promise<OpportunityResponse> {
    const response = toOpportunityResponse(row);
    await events.emit(InternalEventType.OpportunityUpdated, row.organizationId, response);
    return response;
  }

  async require(organizationId: string, ref: string): Promise<Opportunity> {
    const row = await this.opportunities.findByRef(organizationId, ref);
    if (!row) throw new NotFoundError('Opportunity', ref);
    return row;
  }
}

function assertDraft(opportunity: { status: string }): void {
  if (!DRAFT_OPPORTUNITY_STATUSES.includes(opportunity.status as OpportunityStatus)) {
    throw new ConflictError(`Only a draft opportunity (NEW, EXPLORING, VALIDATED) can be promoted; this one is ${opportunity.status}`, {
      status: [opportunity.status],
    });
  }
}
