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
import { StrategyOutbox } from '../database/strategy.outbox';
import { AnnouncedRecordService } from '../records/announced-record.service';
import { changedFields } from '../records/changed-fields';
import { StrategyReferences } from '../references/strategy.references';
import { CkrWithKeyResults, toCkrResponse } from './ckr.mapper';
import { CkrRepository, NewCkr } from './ckr.repository';

/** OKRs with their key results; a key-result change is announced as its OKR's `ckr.updated`. */
@Injectable()
export class CkrService extends AnnouncedRecordService<CkrWithKeyResults, CkrResponse, ListCkrsQuery, CreateCkrDto, UpdateCkrDto, NewCkr> {
  constructor(
    @Inject(CkrRepository) private readonly ckrs: CkrRepository,
    @Inject(StrategyReferences) references: StrategyReferences,
    @Inject(StrategyOutbox) outbox: StrategyOutbox,
  ) {
    super(ckrs, outbox, {
      recordKind: 'ckr',
      toResponse: toCkrResponse,
      links: { references, of: (dto) => dto },
      events: { created: [EventType.CkrCreated], updated: [EventType.CkrUpdated] },
    });
  }

  protected toCreate(dto: CreateCkrDto): NewCkr {
    return {
      annualGoalId: dto.annualGoalId,
      productGoalId: dto.productGoalId ?? null,
      planningCycleIds: dto.planningCycleIds,
      ownerId: dto.ownerId ?? null,
      title: dto.title,
      description: dto.description ?? null,
      confidence: dto.confidence ?? 3,
      status: dto.status ?? CkrStatus.DRAFT,
      keyResults: dto.keyResults ?? [],
    };
  }

  async updateKeyResult(auth: AuthContext, ref: string, keyResultId: string, dto: UpdateKeyResultDto): Promise<CkrResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    const keyResult = isUuid(keyResultId) ? current.keyResults.find((kr) => kr.id === keyResultId.toLowerCase()) : undefined;
    if (!keyResult) throw new NotFoundError('Key result', keyResultId);
    const changes = changedFields(keyResult, dto);
    if (Object.keys(changes).length === 0) return toCkrResponse(current);
    return this.outbox.transaction(async (tx, events) => {
      const after = await this.announce(events, 'updated', await this.ckrs.updateKeyResult(auth.organizationId, current.id, keyResult.id, changes, tx));
      const from = keyResult as unknown as Record<string, unknown>;
      const keyResultChanges = Object.fromEntries(Object.entries(changes).map(([field, to]) => [`keyResults.${keyResult.id}.${field}`, { from: from[field] ?? null, to }]));
      events.audit(auth, { ...this.auditEntry('updated', after), changes: keyResultChanges });
      return after;
    });
  }
}
