import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CkrResponse,
  CkrStatus,
  CreateCkrDto,
  EventType,
  ListCkrsQuery,
  NotFoundError,
  Page,
  UpdateCkrDto,
  UpdateKeyResultDto,
  isUuid,
} from '@pds/contracts';
import { OutboxEvents } from '@pds/messaging';
import { pageRequest, toPage } from '@pds/persistence';
import { changedFields } from '../common/record-ref';
import { CkrWithKeyResults, toCkrResponse } from '../common/strategy.mapper';
import { StrategyOutbox } from '../common/strategy.outbox';
import { StrategyTx } from '../common/strategy.prisma';
import { StrategyReferences } from '../common/strategy.references';
import { CkrRepository, NewCkr } from './ckr.repository';

@Injectable()
export class CkrService {
  constructor(
    @Inject(CkrRepository) private readonly ckrs: CkrRepository,
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
    return toPage(await this.ckrs.list(auth.organizationId, query, after, limit + 1), limit, toCkrResponse);
  }

  async create(auth: AuthContext, dto: CreateCkrDto): Promise<CkrResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.references.check(auth.organizationId, dto);
    return this.outbox.transaction((tx, events) =>
      this.insert(auth.organizationId, {
        annualGoalId: dto.annualGoalId,
        productGoalId: dto.productGoalId ?? null,
        planningCycleIds: dto.planningCycleIds,
        ownerId: dto.ownerId ?? null,
        title: dto.title,
        description: dto.description ?? null,
        confidence: dto.confidence ?? 3,
        status: dto.status ?? CkrStatus.DRAFT,
        keyResults: dto.keyResults ?? [],
      }, tx, events),
    );
  }

  /** Inserts an OKR and writes `ckr.created` inside the caller's transaction (POST /ckrs, promote). */
  async insert(organizationId: string, input: NewCkr, tx: StrategyTx, events: OutboxEvents): Promise<CkrResponse> {
    const response = toCkrResponse(await this.ckrs.create(organizationId, input, tx));
    await events.emit(EventType.CkrCreated, organizationId, response);
    return response;
  }

  /** Partial update; a body that changes nothing writes nothing and emits nothing. */
  async update(auth: AuthContext, ref: string, dto: UpdateCkrDto): Promise<CkrResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    await this.references.check(auth.organizationId, dto);
    const changes = changedFields(current, { ...dto });
    if (Object.keys(changes).length === 0) return toCkrResponse(current);
    return this.outbox.transaction(async (tx, events) => this.emitUpdated(events, await this.ckrs.update(auth.organizationId, current.id, changes, tx)));
  }

  async updateKeyResult(auth: AuthContext, ref: string, keyResultId: string, dto: UpdateKeyResultDto): Promise<CkrResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    const keyResult = isUuid(keyResultId) ? current.keyResults.find((kr) => kr.id === keyResultId.toLowerCase()) : undefined;
    if (!keyResult) throw new NotFoundError('Key result', keyResultId);
    const changes = changedFields(keyResult, { ...dto });
    if (Object.keys(changes).length === 0) return toCkrResponse(current);
    return this.outbox.transaction(async (tx, events) =>
      this.emitUpdated(events, await this.ckrs.updateKeyResult(auth.organizationId, current.id, keyResult.id, changes, tx)),
    );
  }

  private async emitUpdated(events: OutboxEvents, row: CkrWithKeyResults): Promise<CkrResponse> {
    const response = toCkrResponse(row);
    await events.emit(EventType.CkrUpdated, row.organizationId, response);
    return response;
  }

  private async require(organizationId: string, ref: string): Promise<CkrWithKeyResults> {
    const row = await this.ckrs.findByRef(organizationId, ref);
    if (!row) throw new NotFoundError('OKR', ref);
    return row;
  }
}
