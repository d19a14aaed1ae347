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
  OPPORTUNITY_KEY_PREFIX,
  OpportunityResponse,
  OpportunityStatus,
  Page,
  PromoteOpportunityDto,
  PromoteOpportunityResponse,
  UpdateOpportunityDto,
} from '@pds/contracts';
import { buildEnvelope, writeOutbox } from '@pds/messaging';
import { keysetAfter, nextKeyNumber, pageRequest, toPage } from '@pds/persistence';
import { insertCkr } from '../ckrs/ckr.service';
import { changedFields, refWhere } from '../common/record-ref';
import { toOpportunityResponse } from '../common/strategy.mappers';
import { StrategyOutbox } from '../common/strategy.outbox';
import { STRATEGY_SCHEMA, StrategyTx, inTransaction } from '../common/strategy.prisma';
import { StrategyReferences } from '../common/strategy.references';
import { Opportunity, PrismaClient } from '../generated/strategy/client';

@Injectable()
export class OpportunityService {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
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
    const rows = await this.prisma.opportunity.findMany({
      where: {
        organizationId: auth.organizationId,
        ...(query.status?.length ? { status: { in: query.status } } : {}),
        ...(query.ckrId ? { ckrId: query.ckrId } : {}),
        ...(query.productGoalId ? { productGoalId: query.productGoalId } : {}),
        ...keysetAfter(after),
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
    });
    return toPage(rows, limit, toOpportunityResponse);
  }

  /** Writes `opportunity.created` and the internal `opportunity.updated` (classification follows it). */
  async create(auth: AuthContext, dto: CreateOpportunityDto): Promise<OpportunityResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.references.check(auth.organizationId, dto);
    const response = await inTransaction(this.prisma, async (tx) => {
      const number = await nextKeyNumber(tx, STRATEGY_SCHEMA, auth.organizationId, OPPORTUNITY_KEY_PREFIX);
      const row = await tx.opportunity.create({
        data: { ...dto, organizationId: auth.organizationId, number, insightIds: dto.insightIds ?? [] },
      });
      const created = toOpportunityResponse(row);
      await writeOutbox(tx, STRATEGY_SCHEMA, [
        buildEnvelope(EventType.OpportunityCreated, auth.organizationId, created),
        buildEnvelope(InternalEventType.OpportunityUpdated, auth.organizationId, created),
      ]);
      return created;
    });
    this.outbox.notify();
    return response;
  }

  async update(auth: AuthContext, ref: string, dto: UpdateOpportunityDto): Promise<OpportunityResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    await this.references.check(auth.organizationId, dto);
    const changes = changedFields(current, { ...dto });
    if (Object.keys(changes).length === 0) return toOpportunityResponse(current);
    const response = await inTransaction(this.prisma, async (tx) => {
      const row = await tx.opportunity.update({ where: { id: current.id }, data: { ...changes, updatedAt: new Date() } });
      return this.emitUpdated(tx, row);
    });
    this.outbox.notify();
    return response;
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
    await this.references.check(auth.organizationId, {
      annualGoalId,
      planningCycleIds: dto.planningCycleIds,
      ownerId: dto.ownerId,
    });
    const response = await inTransaction(this.prisma, async (tx) => {
      const [locked] = await tx.$queryRawUnsafe<{ status: string }[]>(
        `SELECT status FROM "${STRATEGY_SCHEMA}"."opportunities" WHERE id = $1::uuid FOR UPDATE`,
        current.id,
      );
      assertDraft(locked);
      const ckr = await insertCkr(tx, auth.organizationId, {
        annualGoalId,
        productGoalId: current.productGoalId,
        planningCycleIds: dto.planningCycleIds,
        ownerId: dto.ownerId ?? current.ownerId,
        title: current.title,
        description: current.description,
        confidence: dto.confidence ?? 3,
        status: CkrStatus.DRAFT,
        keyResults: dto.keyResults ?? [],
      });
      const opportunity = await this.markPromoted(tx, current.id, ckr.id);
      return { opportunity, ckr };
    });
    this.outbox.notify();
    return response;
  }

  /** The second write of promote (its own method so a test can make it fail). */
  private async markPromoted(tx: StrategyTx, id: string, ckrId: string): Promise<OpportunityResponse> {
    const row = await tx.opportunity.update({
      where: { id },
      data: { status: OpportunityStatus.PROMOTED, ckrId, updatedAt: new Date() },
    });
    return this.emitUpdated(tx, row);
  }

  /** From the opportunity's product goal, else from the body (ARCHITECTURE.md section 5). */
  private async annualGoalFor(organizationId: string, opportunity: Opportunity, dto: PromoteOpportunityDto): Promise<string> {
    if (opportunity.productGoalId) {
      const goal = await this.prisma.productGoal.findFirst({ where: { organizationId, id: opportunity.productGoalId } });
      if (goal?.annualGoalId) return goal.annualGoalId;
    }
    if (dto.annualGoalId) return dto.annualGoalId;
    throw new BadRequestError('The OKR needs an annual goal: the opportunity has none through its product goal', {
      annualGoalId: ['required when the opportunity has no product goal with an annual goal'],
    });
  }

  private async emitUpdated(tx: StrategyTx, row: Opportunity): Promise<OpportunityResponse> {
    const response = toOpportunityResponse(row);
    await writeOutbox(tx, STRATEGY_SCHEMA, [buildEnvelope(InternalEventType.OpportunityUpdated, row.organizationId, response)]);
    return response;
  }

  async require(organizationId: string, ref: string): Promise<Opportunity> {
    const where = refWhere(ref, OPPORTUNITY_KEY_PREFIX);
    const row = where ? await this.prisma.opportunity.findFirst({ where: { organizationId, ...where } }) : null;
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
