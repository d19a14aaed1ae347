import { Inject, Injectable } from '@nestjs/common';
import { ResolveStrategyReferencesReply, ResolveStrategyReferencesRequest, StrategyReferenceSubjects, isUuid } from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { PrismaClient } from '../generated/strategy/client';

const some = (ids: string[] | undefined) => (ids ?? []).filter((id) => typeof id === 'string' && isUuid(id));

/** Which OKR-side records exist in the organization, each with the OKR it leads to. */
@Injectable()
export class StrategyReferenceHandler {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  @HandleMessage(StrategyReferenceSubjects.resolve)
  async resolve(request: ResolveStrategyReferencesRequest): Promise<ResolveStrategyReferencesReply> {
    const { organizationId } = request;
    const [ckrIds, opportunityIds, solutionIds, experimentIds] = [
      some(request.ckrIds),
      some(request.opportunityIds),
      some(request.solutionIds),
      some(request.experimentIds),
    ];
    const inOrg = (ids: string[]) => ({ organizationId, id: { in: ids } });
    const [ckrs, opportunities, solutions, experiments] = await Promise.all([
      ckrIds.length ? this.prisma.ckr.findMany({ where: inOrg(ckrIds), select: { id: true } }) : [],
      opportunityIds.length ? this.prisma.opportunity.findMany({ where: inOrg(opportunityIds), select: { id: true, ckrId: true } }) : [],
      solutionIds.length ? this.solutionsWithCkr(organizationId, solutionIds) : [],
      experimentIds.length ? this.prisma.experiment.findMany({ where: inOrg(experimentIds), select: { id: true, ckrId: true } }) : [],
    ]);
    return { ckrs, opportunities, solutions, experiments };
  }

  /** A solution reaches an OKR through its opportunity. */
  private async solutionsWithCkr(organizationId: string, ids: string[]): Promise<{ id: string; ckrId: string | null }[]> {
    const solutions = await this.prisma.solution.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, opportunityId: true } });
    if (solutions.length === 0) return [];
    const opportunities = await this.prisma.opportunity.findMany({
      where: { organizationId, id: { in: [...new Set(solutions.map((s) => s.opportunityId))] } },
      select: { id: true, ckrId: true },
    });
    const ckrOf = new Map(opportunities.map((o) => [o.id, o.ckrId]));
    return solutions.map((s) => ({ id: s.id, ckrId: ckrOf.get(s.opportunityId) ?? null }));
  }
}
