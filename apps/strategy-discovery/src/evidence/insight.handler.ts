import { MessagePattern, Payload } from '@nestjs/microservices';
import { InsightEvidenceReply, InsightEvidenceRequest, StrategyRecords, StrategySubjects as S } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { InsightService } from './insight.service';

@MessageController()
export class InsightHandler extends RecordHandlers(InsightService, StrategyRecords.insight) {
  /** The insights of a discovery packet with the interview each quotes, in one round trip. */
  @MessagePattern(S.insightEvidence)
  evidence(@Payload() { auth, ids }: InsightEvidenceRequest): Promise<InsightEvidenceReply> {
    return this.service.insightEvidence(auth, ids);
  }
}
