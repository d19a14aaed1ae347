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
  UpdateCkrDto,
  UpdateKeyResultDto,
  isUuid,
} from '@pds/contracts';
import { OutboxEvents } from '@pds/messaging';
import { KeyedRecordService } from '../records/keyed-record.service';
import { changedFields } from '../records/record-ref';
import { CkrWithKeyResults, toCkrResponse } from './ckr.mapper';
import { StrategyOutbox } from '../database/strategy.outbox';
import { StrategyTx } from '../database/strategy.prisma';
import { StrategyReferences } from '../references/strategy.references';
import { CkrRepository, NewCkr } from './ckr.repository';

/** OKRs with their key results; a key-result change is announced as its OKR's `ckr.updated`. */
@Injectable()
export class CkrService extends KeyedRecordService<CkrWithKeyResults, CkrResponse, ListCkrsQuery> {
  constructor(
    @Inject(CkrRepository) private readonly ckrs: CkrRepository,
    @Inject(StrategyReferences) private readonly references: StrategyReferences,
    @Inject(StrategyOutbox) outbox: StrategyOutbox,
  ) {
    super(ckrs, outbox, {
      resource: 'OKR',
      toResponse: toCkrResponse,
      emitUpdated: (events, organizationId, response) => events.emit(EventType.CkrUpdated, organizationId, response),
    });
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

  protected override async checkUpdate(organizationId: string, _current: CkrWithKeyResults, dto: UpdateCkrDto): Promise<void> {
    await this.references.check(organizationId, dto);
  }

  async updateKeyResult(auth: AuthContext, ref: string, keyResultId: string, dto: UpdateKeyResultDto): Promise<CkrResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    const keyResult = isUuid(keyResultId) ? current.keyResults.find((kr) => kr.id === keyResultId.toLowerCase()) : undefined;
    if (!keyResult) throw new NotFoundError('Key result', keyResultId);
    const changes = changedFields(keyResult, dto);
    if (Object.keys(changes).length === 0) return toCkrResponse(current);
    return this.outbox.transaction(async (tx, events) =>
      this.emitUpdated(events, await this.ckrs.updateKeyResult(auth.organizationId, current.id, keyResult.id, changes, tx)),
    );
  }
}
