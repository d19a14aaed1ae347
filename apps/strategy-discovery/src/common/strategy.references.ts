import { Inject, Injectable } from '@nestjs/common';
import { BadRequestError, FindUsersReply, FindUsersRequest, IdentitySubjects } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { PrismaClient } from '../generated/strategy/client';

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

type Lookup = (organizationId: string, ids: string[]) => Promise<{ id: string }[]>;

/**
 * Checks every id of a body against the caller's organization (users through identity) and
 * reports every unknown one at once: 400 with `details[field]`.
 */
@Injectable()
export class StrategyReferences {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(MessageBus) private readonly bus: MessageBus,
  ) {}

  async check(organizationId: string, input: StrategyReferenceInput): Promise<void> {
    const select = { id: true } as const;
    const where = (organizationId: string, ids: string[]) => ({ organizationId, id: { in: ids } });
    const lookups: Record<Exclude<keyof StrategyReferenceInput, 'ownerId'>, Lookup> = {
      annualGoalId: (o, ids) => this.prisma.annualGoal.findMany({ where: where(o, ids), select }),
      productGoalId: (o, ids) => this.prisma.productGoal.findMany({ where: where(o, ids), select }),
      planningCycleIds: (o, ids) => this.prisma.planningCycle.findMany({ where: where(o, ids), select }),
      insightIds: (o, ids) => this.prisma.insight.findMany({ where: where(o, ids), select }),
      ckrId: (o, ids) => this.prisma.ckr.findMany({ where: where(o, ids), select }),
      opportunityId: (o, ids) => this.prisma.opportunity.findMany({ where: where(o, ids), select }),
      solutionId: (o, ids) => this.prisma.solution.findMany({ where: where(o, ids), select }),
      interviewId: (o, ids) => this.prisma.interview.findMany({ where: where(o, ids), select }),
    };
    const problems: Record<string, string[]> = {};
    await Promise.all([
      ...Object.entries(lookups).map(async ([field, lookup]) => {
        const value = input[field as keyof typeof lookups];
        const ids = value == null ? [] : Array.isArray(value) ? value : [value];
        if (ids.length === 0) return;
        const found = new Set((await lookup(organizationId, ids)).map((r) => r.id));
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
    const { users } = await this.bus.request<FindUsersReply>(IdentitySubjects.findUsers, {
      organizationId,
      ids: [ownerId],
    } satisfies FindUsersRequest);
    if (!users.some((u) => u.id === ownerId)) problems.ownerId = [`unknown user: ${ownerId}`];
  }
}
