import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CONCLUDED_EXPERIMENT_STATUSES,
  ConcludeExperimentDto,
  ConflictError,
  CreateExperimentDto,
  EventType,
  ExperimentOutcome,
  ExperimentResponse,
  ExperimentStatus,
  InternalEventType,
  ListExperimentsQuery,
  NotFoundError,
  Page,
  UpdateExperimentDto,
} from '@pds/contracts';

import { pageRequest, toPage } from '@pds/persistence';
import { changedFields } from '../common/record-ref';
import { toExperimentResponse } from '../common/strategy.mapper';
import { StrategyOutbox } from '../common/strategy.outbox';
import { StrategyTx } from '../common/strategy.prisma';
import { StrategyReferences } from '../common/strategy.references';
import { Experiment } from '../generated/strategy/client';
import { ExperimentRepository } from './experiment.repository';

const isConcluded = (status: string) => CONCLUDED_EXPERIMENT_STATUSES.includes(status as ExperimentStatus);

/** Experiments; every create and change writes the internal `experiment.updated`. */
@Injectable()
export class ExperimentService {
  constructor(
    @Inject(ExperimentRepository) private readonly experiments: ExperimentRepository,
    @Inject(StrategyReferences) private readonly references: StrategyReferences,
    @Inject(StrategyOutbox) private readonly outbox: StrategyOutbox,
  ) {}

  async get(auth: AuthContext, ref: string): Promise<ExperimentResponse> {
    assertCan(auth, Permission.Read);
    return toExperimentResponse(await this.require(auth.organizationId, ref));
  }

  async list(auth: AuthContext, query: ListExperimentsQuery): Promise<Page<ExperimentResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    return toPage(await this.experiments.list(auth.organizationId, query, after, limit + 1), limit, toExperimentResponse);
  }

  async create(auth: AuthContext, dto: CreateExperimentDto): Promise<ExperimentResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.references.check(auth.organizationId, { ckrId: dto.ckrId, solutionId: dto.solutionId });
    return this.write(auth.organizationId, [InternalEventType.ExperimentUpdated], (tx) =>
      this.experiments.create(auth.organizationId, { ...dto, successMetrics: dto.successMetrics ?? [] }, tx),
    );
  }

  /** A concluded experiment keeps its ckr, solution and status; its texts stay editable. */
  async update(auth: AuthContext, ref: string, dto: UpdateExperimentDto): Promise<ExperimentResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    await this.references.check(auth.organizationId, { ckrId: dto.ckrId, solutionId: dto.solutionId });
    const changes = changedFields(current, { ...dto });
    if (Object.keys(changes).length === 0) return toExperimentResponse(current);
    if (changes.status !== undefined && isConcluded(current.status)) {
      throw new ConflictError(`The experiment is concluded (${current.status}); its status no longer changes`, { status: [current.status] });
    }
    return this.write(auth.organizationId, [InternalEventType.ExperimentUpdated], (tx) =>
      this.experiments.update(auth.organizationId, current.id, changes, tx),
    );
  }

  /** No outcome means INCONCLUSIVE; a second conclude is 409 (ARCHITECTURE.md section 5). */
  async conclude(auth: AuthContext, ref: string, dto: ConcludeExperimentDto | undefined): Promise<ExperimentResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    const assertOpen = (status: string) => {
      if (isConcluded(status)) throw new ConflictError(`The experiment is already concluded (${status})`, { status: [status] });
    };
    assertOpen(current.status);
    const outcome = dto?.outcome ?? ExperimentOutcome.INCONCLUSIVE;
    return this.write(auth.organizationId, [EventType.ExperimentConcluded, InternalEventType.ExperimentUpdated], async (tx) => {
      const status = await this.experiments.lockStatus(auth.organizationId, current.id, tx);
      if (status === null) throw new NotFoundError('Experiment', ref);
      assertOpen(status);
      return this.experiments.update(
        auth.organizationId,
        current.id,
        { status: outcome, ...(dto?.result !== undefined ? { result: dto.result } : {}) },
        tx,
      );
    });
  }

  /** One transaction: the change plus its events (each with the record as REST returns it). */
  private async write(
    organizationId: string,
    events: string[],
    change: (tx: StrategyTx) => Promise<Experiment>,
  ): Promise<ExperimentResponse> {
    return this.outbox.transaction(async (tx, outbox) => {
      const record = toExperimentResponse(await change(tx));
      for (const event of events) await outbox.emit(event, organizationId, record);
      return record;
    });
  }

  private async require(organizationId: string, ref: string): Promise<Experiment> {
    const row = await this.experiments.findByRef(organizationId, ref);
    if (!row) throw new NotFoundError('Experiment', ref);
    return row;
  }
}
