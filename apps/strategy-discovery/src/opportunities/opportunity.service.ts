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
  PromoteOpportunityDto,
  PromoteOpportunityResponse,
  UpdateOpportunityDto,
} from '@pds/contracts';
import { OutboxEvents } from '@pds/messaging';
import { CkrService } from '../ckrs/ckr.service';
import { StrategyEvent, StrategyOutbox } from '../database/strategy.outbox';
import { StrategyTx } from '../database/strategy.prisma';
import { Opportunity } from '../generated/strategy/client';
import { AnnouncedRecordService } from '../records/announced-record.service';
import { StrategyLookupRepository } from '../references/strategy-lookup.repository';
import { StrategyReferences } from '../references/strategy.references';
import { toOpportunityResponse } from './opportunity.mapper';
import { NewOpportunity, OpportunityRepository } from './opportunity.repository';

@Injectable()
export class OpportunityService extends AnnouncedRecordService<
  Opportunity,
  OpportunityResponse,
  ListOpportunitiesQuery,
  CreateOpportunityDto,
  UpdateOpportunityDto,
  NewOpportunity
> {
  constructor(
    @Inject(OpportunityRepository) private readonly opportunities: OpportunityRepository,
    @Inject(CkrService) private readonly ckrs: CkrService,
    @Inject(StrategyLookupRepository) private readonly lookups: StrategyLookupRepository,
    @Inject(StrategyReferences) private readonly references: StrategyReferences,
    @Inject(StrategyOutbox) outbox: StrategyOutbox,
  ) {
    super(opportunities, outbox, {
      recordKind: 'opportunity',
      toResponse: toOpportunityResponse,
      links: { references, of: (dto) => dto },
      events: {
        created: [EventType.OpportunityCreated, InternalEventType.OpportunityUpdated],
        updated: [InternalEventType.OpportunityUpdated],
      },
    });
  }

  /**
   * Writes `opportunity.created` and the internal `opportunity.updated` (classification follows it).
   * `sourceRef` (another context's request, e.g. an intake conversion) makes a retry return the first result.
   */
  override async create(auth: AuthContext, dto: CreateOpportunityDto, sourceRef?: string): Promise<OpportunityResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.checkLinks(auth.organizationId, dto);
    return this.outbox.transaction(async (tx, events) => {
      const existing = sourceRef ? await this.opportunities.lockSource(auth.organizationId, sourceRef, tx) : null;
      if (existing) return toOpportunityResponse(existing);
      return this.insert(auth, { ...this.toCreate(dto), sourceRef }, tx, events);
    });
  }

  protected toCreate(dto: CreateOpportunityDto): NewOpportunity {
    return { ...dto, insightIds: dto.insightIds ?? [] };
  }

  /**
   * Turns a draft opportunity into an OKR in one transaction: the OKR (with `ckr.created`) and the
   * opportunity marked PROMOTED and pointing at it (with `opportunity.updated`). The row lock makes
   * a concurrent second promote see PROMOTED and fail with 409.
   */
  async promote(auth: AuthContext, ref: string, dto: PromoteOpportunityDto): Promise<PromoteOpportunityResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    this.assertWritable(current, ref);
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
        auth,
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
      events.audit(auth, this.auditEntry('promoted', opportunity, current, ['status', 'ckrId']));
      return { opportunity, ckr };
    });
  }

  /** The second write of promote (its own method so a test can make it fail). */
  private async markPromoted(
    organizationId: string,
    id: string,
    ckrId: string,
    tx: StrategyTx,
    events: OutboxEvents<StrategyEvent>,
  ): Promise<OpportunityResponse> {
    return this.announce(events, 'updated', await this.opportunities.update(organizationId, id, { status: OpportunityStatus.PROMOTED, ckrId }, tx));
  }

  /** From the opportunity's product goal, else from the body; missing both is a 400. */
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
}

function assertDraft(opportunity: { status: string }): void {
  if (!DRAFT_OPPORTUNITY_STATUSES.includes(opportunity.status as OpportunityStatus)) {
    throw new ConflictError(`Only a draft opportunity (NEW, EXPLORING, VALIDATED) can be promoted; this one is ${opportunity.status}`, {
      status: [opportunity.status],
    });
  }
}
