import { Inject, Injectable } from '@nestjs/common';
import { BadRequestError, FindUsersRequest, IdentitySubjects } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
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
    const problems: Record<string, string[]> = {};
    await Promise.all([
      ...(Object.entries(KIND_OF) as [keyof typeof KIND_OF, ReferencedKind][]).map(async ([field, kind]) => {
        const value = input[field];
        const ids = value == null ? [] : Array.isArray(value) ? value : [value];
        if (ids.length === 0) return;
        const found = new Set(await this.lookups.existingIds(organizationId, kind, ids));
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length) problems[field] = [`unknown id${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`];
      }),
      this.checkOwner(organizationId, input.ownerId, problems),
    ]);
    if (Object.keys(problems).length > 0) {
      throw new BadRequestError(`Unknown references: ${Object.keys(problems).sort().join(', ')}`, problems);
    }
  }

  private async checkOwner(organizationId: string, ownerId: string | null | undefined, problems: Record<string, string[]>): Promise<void> {
    if (!ownerId) return;
    const { users } = await this.bus.request(IdentitySubjects.findUsers, {
      organizationId,
      ids: [ownerId],
    } satisfies FindUsersRequest);
    if (!users.some((u) => u.id === ownerId)) problems.ownerId = [`unknown user: ${ownerId}`];
  }
}
