import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CKR_KEY_PREFIX,
  CkrResponse,
  CkrStatus,
  CreateCkrDto,
  EventType,
  KeyResultInputDto,
  ListCkrsQuery,
  NotFoundError,
  Page,
  UpdateCkrDto,
  UpdateKeyResultDto,
  isUuid,
} from '@pds/contracts';
import { buildEnvelope, writeOutbox } from '@pds/messaging';
import { keysetAfter, nextKeyNumber, pageRequest, toPage } from '@pds/persistence';
import { changedFields, refWhere } from '../common/record-ref';
import { CkrWithKeyResults, toCkrResponse } from '../common/strategy.mappers';
import { StrategyOutbox } from '../common/strategy.outbox';
import { STRATEGY_SCHEMA, StrategyTx, inTransaction } from '../common/strategy.prisma';
import { StrategyReferences } from '../common/strategy.references';
import { PrismaClient } from '../generated/strategy/client';

/** What an OKR is made of, whether it comes from POST /ckrs or from promote. */
export interface NewCkr {
  annualGoalId: string;
  productGoalId: string | null;
  planningCycleIds: string[];
  ownerId: string | null;
  title: string;
  description: string | null;
  confidence: number;
  status: CkrStatus;
  keyResults: KeyResultInputDto[];
}

const include = { keyResults: true } as const;

/** Inserts an OKR with its key results and writes `ckr.created`, inside the caller's transaction. */
export async function insertCkr(tx: StrategyTx, organizationId: string, input: NewCkr): Promise<CkrResponse> {
  const number = await nextKeyNumber(tx, STRATEGY_SCHEMA, organizationId, CKR_KEY_PREFIX);
  const { keyResults, ...fields } = input;
  const row = await tx.ckr.create({
    data: {
      ...fields,
      organizationId,
      number,
      keyResults: {
        create: keyResults.map((kr, position) => ({
          organizationId,
          position,
          title: kr.title,
          metric: kr.metric ?? null,
          targetValue: kr.targetValue ?? null,
          currentValue: kr.currentValue ?? null,
          unit: kr.unit ?? null,
        })),
      },
    },
    include,
  });
  const response = toCkrResponse(row);
  await writeOutbox(tx, STRATEGY_SCHEMA, [buildEnvelope(EventType.CkrCreated, organizationId, response)]);
  return response;
}

@Injectable()
export class CkrService {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(StrategyReferences) private readonly references: StrategyReferences,
    @Inject(StrategyOutbox) private readonly outbox: StrategyOutbox,
  ) {}

  async get(auth: AuthContext, ref: string): Promise<CkrResponse> {
    assertCan(auth, Permission.Read);
    return toCkrResponse(await this.require(auth.organizationId, ref));
  }

  async list(auth: AuthContext, query: ListCkrsQuery): Promise<Page<CkrResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    const rows = await this.prisma.ckr.findMany({
      where: {
        organizationId: auth.organizationId,
        ...(query.status?.length ? { status: { in: query.status } } : {}),
        ...(query.planningCycleId ? { planningCycleIds: { has: query.planningCycleId } } : {}),
        ...(query.annualGoalId ? { annualGoalId: query.annualGoalId } : {}),
        ...keysetAfter(after),
      },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
      include,
    });
    return toPage(rows, limit, toCkrResponse);
  }

  async create(auth: AuthContext, dto: CreateCkrDto): Promise<CkrResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.references.check(auth.organizationId, dto);
    const response = await inTransaction(this.prisma, (tx) =>
      insertCkr(tx, auth.organizationId, {
        annualGoalId: dto.annualGoalId,
        productGoalId: dto.productGoalId ?? null,
        planningCycleIds: dto.planningCycleIds,
        ownerId: dto.ownerId ?? null,
        title: dto.title,
        description: dto.description ?? null,
        confidence: dto.confidence ?? 3,
        status: dto.status ?? CkrStatus.DRAFT,
        keyResults: dto.keyResults ?? [],
      }),
    );
    this.outbox.notify();
    return response;
  }

  /** Partial update; a body that changes nothing writes nothing and emits nothing. */
  async update(auth: AuthContext, ref: string, dto: UpdateCkrDto): Promise<CkrResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    await this.references.check(auth.organizationId, dto);
    const changes = changedFields(current, { ...dto });
    if (Object.keys(changes).length === 0) return toCkrResponse(current);
    const response = await inTransaction(this.prisma, async (tx) => {
      const row = await tx.ckr.update({ where: { id: current.id }, data: { ...changes, updatedAt: new Date() }, include });
      return this.emitUpdated(tx, row);
    });
    this.outbox.notify();
    return response;
  }

  async updateKeyResult(auth: AuthContext, ref: string, keyResultId: string, dto: UpdateKeyResultDto): Promise<CkrResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    const keyResult = isUuid(keyResultId) ? current.keyResults.find((kr) => kr.id === keyResultId.toLowerCase()) : undefined;
    if (!keyResult) throw new NotFoundError('Key result', keyResultId);
    const changes = changedFields(keyResult, { ...dto });
    if (Object.keys(changes).length === 0) return toCkrResponse(current);
    const response = await inTransaction(this.prisma, async (tx) => {
      await tx.keyResult.update({ where: { id: keyResult.id }, data: changes });
      const row = await tx.ckr.update({ where: { id: current.id }, data: { updatedAt: new Date() }, include });
      return this.emitUpdated(tx, row);
    });
    this.outbox.notify();
    return response;
  }

  private async emitUpdated(tx: StrategyTx, row: CkrWithKeyResults): Promise<CkrResponse> {
    const response = toCkrResponse(row);
    await writeOutbox(tx, STRATEGY_SCHEMA, [buildEnvelope(EventType.CkrUpdated, row.organizationId, response)]);
    return response;
  }

  private async require(organizationId: string, ref: string): Promise<CkrWithKeyResults> {
    const where = refWhere(ref, CKR_KEY_PREFIX);
    const row = where ? await this.prisma.ckr.findFirst({ where: { organizationId, ...where }, include }) : null;
    if (!row) throw new NotFoundError('OKR', ref);
    return row;
  }
}
