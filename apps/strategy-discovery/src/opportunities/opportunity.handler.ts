import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateOpportunityRequest,
  OpportunityResponse,
  PromoteOpportunityRequest,
  PromoteOpportunityResponse,
  StrategyRecords,
  StrategySubjects as S,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { OpportunityService } from './opportunity.service';

const { list, get, update, archive, unarchive } = StrategyRecords.opportunity;

@MessageController()
export class OpportunityHandler extends RecordHandlers(OpportunityService, { list, get, update, archive, unarchive }) {
  /** Intake conversion passes `sourceRef`, so a retried conversion finds the opportunity it made. */
  @MessagePattern(S.opportunityCreate)
  create(@Payload() { auth, body, sourceRef }: CreateOpportunityRequest): Promise<OpportunityResponse> {
    return this.service.create(auth, body, sourceRef);
  }

  @MessagePattern(S.opportunityPromote)
  promote(@Payload() { auth, id, body }: PromoteOpportunityRequest): Promise<PromoteOpportunityResponse> {
    return this.service.promote(auth, id, body);
  }
}
