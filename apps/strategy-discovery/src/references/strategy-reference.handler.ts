import { Injectable } from '@nestjs/common';
import { ResolveStrategyReferencesReply, ResolveStrategyReferencesRequest, StrategyReferenceSubjects } from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';

/** Which OKR-side records exist, for other contexts' reference checks. */
@Injectable()
export class StrategyReferenceHandler {
  @HandleMessage(StrategyReferenceSubjects.resolve)
  async resolve(_request: ResolveStrategyReferencesRequest): Promise<ResolveStrategyReferencesReply> {
    // The strategy context stores no OKRs, opportunities, solutions or experiments yet, so none exist.
    return { ckrs: [], opportunities: [], solutions: [], experiments: [] };
  }
}
