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
  UpdateExperimentDto,
} from '@pds/contracts';
import { KeyedRecordService } from '../records/keyed-record.service';
import { toExperimentResponse } from './experiment.mapper';
import { StrategyOutbox } from '../database/strategy.outbox';
import { StrategyReferences } from '../references/strategy.references';
import { Experiment } from '../generated/strategy/client';
import { ExperimentRepository } from './experiment.repository';

const isConcluded = (status: string) => CONCLUDED_EXPERIMENT_STATUSES.includes(status as ExperimentStatus);

/** Experiments; every create and change writes the internal `experiment.updated`. */
@Injectable()
export class ExperimentService extends KeyedRecordService<Experiment, ExperimentResponse, ListExperimentsQuery> {
  constructor(
    @Inject(ExperimentRepository) private readonly experiments: ExperimentRepository,
    @Inject(StrategyReferences) private readonly references: StrategyReferences,
    @Inject(StrategyOutbox) outbox: StrategyOutbox,
  ) {
    super(experiments, outbox, {
      resource: 'Experiment',
      toResponse: toExperimentResponse,
      emitUpdated: (events, organizationId, response) => events.emit(InternalEventType.ExperimentUpdated, organizationId, response),
    });
  }

  async create(auth: AuthContext, dto: CreateExperimentDto): Promise<ExperimentResponse> {
    assertCan(auth, Permission.StrategyWrite);
    await this.references.check(auth.organizationId, { ckrId: dto.ckrId, solutionId: dto.solutionId });
    return this.outbox.transaction(async (tx, events) =>
      this.emitUpdated(events, await this.experiments.create(auth.organizationId, { ...dto, successMetrics: dto.successMetrics ?? [] }, tx)),
    );
  }

  /** A concluded experiment keeps its ckr, solution and status; its texts stay editable. */
  protected override async checkUpdate(
    organizationId: string,
    current: Experiment,
    dto: UpdateExperimentDto,
    changes: Record<string, unknown>,
  ): Promise<void> {
    await this.references.check(organizationId, { ckrId: dto.ckrId, solutionId: dto.solutionId });
    if (changes.status !== undefined && isConcluded(current.status)) {
      throw new ConflictError(`The experiment is concluded (${current.status}); its status no longer changes`, { status: [current.status] });
    }
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
    return this.outbox.transaction(async (tx, events) => {
      const status = await this.experiments.lockStatus(auth.organizationId, current.id, tx);
      if (status === null) throw new NotFoundError('Experiment', ref);
      assertOpen(status);
      const row = await this.experiments.update(
        auth.organizationId,
        current.id,
        { status: outcome, ...(dto?.result !== undefined ? { result: dto.result } : {}) },
        tx,
      );
      const concluded = toExperimentResponse(row);
      await events.emit(EventType.ExperimentConcluded, auth.organizationId, concluded);
      await events.emit(InternalEventType.ExperimentUpdated, auth.organizationId, concluded);
      return concluded;
    });
  }
}
