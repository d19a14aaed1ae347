import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  isUuid,
  ResolveStrategyReferencesReply,
  ResolveStrategyReferencesRequest,
  StrategyReferenceSubjects,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategyLookupRepository } from '../references/strategy-lookup.repository';

const uuids = (ids: string[] | undefined) => [...new Set((ids ?? []).filter((id) => typeof id === 'string' && isUuid(id)))];

/** Which OKR-side records exist in the organization, each with the OKR it leads to. */
@MessageController()
export class StrategyReferenceHandler {
  constructor(@Inject(StrategyLookupRepository) private readonly lookups: StrategyLookupRepository) {}

  @MessagePattern(StrategyReferenceSubjects.resolve)
  async resolve(@Payload() request: ResolveStrategyReferencesRequest): Promise<ResolveStrategyReferencesReply> {
    const { organizationId } = request;
    const [ckrIds, opportunities, solutions, experiments] = await Promise.all([
      this.lookups.existingIds(organizationId, 'ckr', uuids(request.ckrIds)),
      this.lookups.opportunitiesWithCkr(organizationId, uuids(request.opportunityIds)),
      this.lookups.solutionsWithCkr(organizationId, uuids(request.solutionIds)),
      this.lookups.experimentsWithCkr(organizationId, uuids(request.experimentIds)),
    ]);
    return { ckrs: ckrIds.map((id) => ({ id })), opportunities, solutions, experiments };
  }
}
