import { Inject, Injectable } from '@nestjs/common';
import { ReferenceCheck } from '@pds/contracts';
import { MessageBus, checkUserIds } from '@pds/messaging';
import { ReferencedKind, StrategyLookupRepository } from './strategy-lookup.repository';

/** Ids in a body that must name records of the caller's organization. */
export interface StrategyReferenceInput {
  annualGoalId?: string | null;
  productGoalId?: string | null;
  planningCycleIds?: string[];
  insightIds?: string[];
  ckrId?: string | null;
  opportunityId?: string | null;
  solutionId?: string | null;
  interviewId?: string | null;
  ownerId?: string | null;
}

/** Which table each body field names. */
const KIND_OF: Record<Exclude<keyof StrategyReferenceInput, 'ownerId'>, ReferencedKind> = {
  annualGoalId: 'annual_goal',
  productGoalId: 'product_goal',
  planningCycleIds: 'planning_cycle',
  insightIds: 'insight',
  ckrId: 'ckr',
  opportunityId: 'opportunity',
  solutionId: 'solution',
  interviewId: 'interview',
};

/**
 * Checks every id of a body against the caller's organization (users through identity) and
 * reports every unknown one at once: 400 with `details[field]`.
 */
@Injectable()
export class StrategyReferences {
  constructor(
    @Inject(StrategyLookupRepository) private readonly lookups: StrategyLookupRepository,
    @Inject(MessageBus) private readonly bus: MessageBus,
  ) {}

  async check(organizationId: string, input: StrategyReferenceInput): Promise<void> {
    const check = new ReferenceCheck();
    await Promise.all([
      ...(Object.entries(KIND_OF) as [keyof typeof KIND_OF, ReferencedKind][]).map(([field, kind]) =>
        check.ids({ [field]: input[field] }, (ids) => this.lookups.existingIds(organizationId, kind, ids)),
      ),
      checkUserIds(this.bus, organizationId, check, { assigned: { ownerId: input.ownerId } }),
    ]);
    check.throwIfAny();
  }
}
