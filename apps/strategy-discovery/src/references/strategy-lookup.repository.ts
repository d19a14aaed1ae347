import { Inject, Injectable } from '@nestjs/common';
import type { RecordKind } from '@pds/contracts';
import { PrismaClient } from '../generated/strategy/client';

/** Record kinds whose ids other records (and other contexts) refer to. */
export type ReferencedKind = Extract<RecordKind, 'annual_goal' | 'product_goal' | 'planning_cycle' | 'insight' | 'ckr' | 'opportunity' | 'solution' | 'interview'>;

/** Existence checks across the strategy tables; every query is scoped by organization id. */
@Injectable()
export class StrategyLookupRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  /** The subset of `ids` that name records of this kind in the organization. */
  async existingIds(organizationId: string, kind: ReferencedKind, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const args = { where: { organizationId, id: { in: ids } }, select: { id: true } } as const;
    const lookups: Record<ReferencedKind, () => Promise<{ id: string }[]>> = {
      annual_goal: () => this.prisma.annualGoal.findMany(args),
      product_goal: () => this.prisma.productGoal.findMany(args),
      planning_cycle: () => this.prisma.planningCycle.findMany(args),
      insight: () => this.prisma.insight.findMany(args),
      ckr: () => this.prisma.ckr.findMany(args),
      opportunity: () => this.prisma.opportunity.findMany(args),
      solution: () => this.prisma.solution.findMany(args),
      interview: () => this.prisma.interview.findMany(args),
    };
    return (await lookups[kind]()).map((row) => row.id);
  }

  async annualGoalOfProductGoal(organizationId: string, productGoalId: string): Promise<string | null> {
    const goal = await this.prisma.productGoal.findFirst({ where: { organizationId, id: productGoalId }, select: { annualGoalId: true } });
    return goal?.annualGoalId ?? null;
  }

  /** Opportunities and experiments with the OKR each points at. */
  opportunitiesWithCkr(organizationId: string, ids: string[]): Promise<{ id: string; ckrId: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.prisma.opportunity.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, ckrId: true } });
  }

  experimentsWithCkr(organizationId: string, ids: string[]): Promise<{ id: string; ckrId: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.prisma.experiment.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, ckrId: true } });
  }

  /** A solution reaches an OKR through its opportunity. */
  async solutionsWithCkr(organizationId: string, ids: string[]): Promise<{ id: string; ckrId: string | null }[]> {
    if (ids.length === 0) return [];
    const solutions = await this.prisma.solution.findMany({
      where: { organizationId, id: { in: ids } },
      select: { id: true, opportunityId: true },
    });
    const opportunities = await this.opportunitiesWithCkr(organizationId, [...new Set(solutions.map((s) => s.opportunityId))]);
    const ckrOf = new Map(opportunities.map((o) => [o.id, o.ckrId]));
    return solutions.map((s) => ({ id: s.id, ckrId: ckrOf.get(s.opportunityId) ?? null }));
  }
}

