import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateInsightRequest,
  GetStrategyRecordRequest,
  InsightEvidenceReply,
  InsightEvidenceRequest,
  ListStrategyRecordsRequest,
  StrategySubjects as S,
  UpdateInsightRequest,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { InsightService } from './insight.service';

@MessageController()
export class InsightHandler extends RecordHandlers(InsightService, {
  create: [S.insightCreate, CreateInsightRequest],
  list: [S.insightList, ListStrategyRecordsRequest],
  get: [S.insightGet, GetStrategyRecordRequest],
  update: [S.insightUpdate, UpdateInsightRequest],
}) {
  /** The insights of a discovery packet with the interview each quotes, in one round trip. */
  @MessagePattern(S.insightEvidence)
  evidence(@Payload() { auth, ids }: InsightEvidenceRequest): Promise<InsightEvidenceReply> {
    return this.service.insightEvidence(auth, ids);
  }
}
