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
import { StrategyOutbox } from '../database/strategy.outbox';
import { Experiment } from '../generated/strategy/client';
import { AnnouncedRecordService } from '../records/announced-record.service';
import { StrategyReferences } from '../references/strategy.references';
import { toExperimentResponse } from './experiment.mapper';
import { ExperimentRepository, NewExperiment } from './experiment.repository';

const isConcluded = (status: string) => CONCLUDED_EXPERIMENT_STATUSES.includes(status as ExperimentStatus);

/** Experiments; every create and change writes the internal `experiment.updated`. */
@Injectable()
export class ExperimentService extends AnnouncedRecordService<
  Experiment,
  ExperimentResponse,
  ListExperimentsQuery,
  CreateExperimentDto,
  UpdateExperimentDto,
  NewExperiment
> {
  constructor(
    @Inject(ExperimentRepository) private readonly experiments: ExperimentRepository,
    @Inject(StrategyReferences) references: StrategyReferences,
    @Inject(StrategyOutbox) outbox: StrategyOutbox,
  ) {
    super(experiments, outbox, {
      recordKind: 'experiment',
      toResponse: toExperimentResponse,
      links: { references, of: (dto) => ({ ckrId: dto.ckrId, solutionId: dto.solutionId }) },
      events: { created: [InternalEventType.ExperimentUpdated], updated: [InternalEventType.ExperimentUpdated] },
    });
  }

  protected toCreate(dto: CreateExperimentDto): NewExperiment {
    return { ...dto, successMetrics: dto.successMetrics ?? [] };
  }

  /** The experiments of these solutions (at most `limit`), for the discovery walk: one statement, not a list per solution. */
  async forSolutions(auth: AuthContext, solutionIds: readonly string[], limit: number): Promise<ExperimentResponse[]> {
    assertCan(auth, Permission.Read);
    if (solutionIds.length === 0) return [];
    return (await this.experiments.forSolutions(auth.organizationId, solutionIds, limit)).map(toExperimentResponse);
  }

  /** A concluded experiment keeps its status; its texts, ckr and solution stay editable. */
  protected override checkUpdate(current: Experiment, changes: Record<string, unknown>): void {
    if (changes.status !== undefined && isConcluded(current.status)) {
      throw new ConflictError(`The experiment is concluded (${current.status}); its status no longer changes`, { status: [current.status] });
    }
  }

  /** No outcome means INCONCLUSIVE; a second conclude is 409. */
  async conclude(auth: AuthContext, ref: string, dto: ConcludeExperimentDto | undefined): Promise<ExperimentResponse> {
    assertCan(auth, Permission.StrategyWrite);
    const current = await this.require(auth.organizationId, ref);
    this.assertWritable(current, ref);
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
      await events.emit(EventType.ExperimentConcluded, auth.organizationId, toExperimentResponse(row));
      const after = await this.announce(events, 'updated', row);
      events.audit(auth, this.auditEntry('concluded', after, current, ['status', 'result']));
      return after;
    });
  }
}
