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
import { buildEnvelope, writeOutbox } from '@pds/messaging';
import { keysetAfter, pageRequest, toPage } from '@pds/persistence';
import { changedFields, refWhere } from '../common/record-ref';
import { toSolutionResponse } from '../common/strategy.mappers';
import { StrategyOutbox } from '../common/strategy.outbox';
import { STRATEGY_SCHEMA, StrategyTx, inTransaction } from '../common/strategy.prisma';
import { StrategyReferences } from '../common/strategy.references';
import { OpportunityService } from '../opportunities/opportunity.service';
import { PrismaClient, Solution } from '../generated/strategy/client';

/** Solutions; every create and change writes the internal `solution.updated`. */
@Injectable()
export class SolutionService {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
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
    const rows = await this.prisma.solution.findMany({
      where: {
        organizationId: auth.organizationId,
        ...(query.opportunityId ? { opportunityId: query.opportunityId } : {}),
        ...keysetAfter(after),
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
    });
    return toPage(rows, limit, toSolutionResponse);
  }

  /** POST /solutions: the opportunity is a body id, so an unknown one is 400. */
  async create(auth: AuthContext, dto: CreateSolutionDto): Promise<SolutionResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.references.check(auth.organizationId, { opportunityId: dto.opportunityId });
    return this.insert(auth.organizationId, dto);
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
    const response = await inTransaction(this.prisma, async (tx) => {
      const row = await tx.solution.update({ where: { id: current.id }, data: { ...changes, updatedAt: new Date() } });
      return this.emitUpdated(tx, row);
    });
    this.outbox.notify();
    return response;
  }

  private async insert(organizationId: string, dto: CreateSolutionDto): Promise<SolutionResponse> {
    const response = await inTransaction(this.prisma, async (tx) => {
      const row = await tx.solution.create({ data: { ...dto, organizationId } });
      return this.emitUpdated(tx, row);
    });
    this.outbox.notify();
    return response;
  }

  private async emitUpdated(tx: StrategyTx, row: Solution): Promise<SolutionResponse> {
    const response = toSolutionResponse(row);
    await writeOutbox(tx, STRATEGY_SCHEMA, [buildEnvelope(InternalEventType.SolutionUpdated, row.organizationId, response)]);
    return response;
  }

  private async require(organizationId: string, ref: string): Promise<Solution> {
    const where = refWhere(ref);
    const row = where ? await this.prisma.solution.findFirst({ where: { organizationId, ...where } }) : null;
    if (!row) throw new NotFoundError('Solution', ref);
    return row;
  }
}
