import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateInsightRequest,
  CreateInterviewRequest,
  InsightEvidenceReply,
  InsightEvidenceRequest,
  StrategySubjects as S,
  UpdateInsightRequest,
  UpdateInterviewRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategyRecordHandlers } from '../common/strategy-record.handler';
import { InsightService, InterviewService } from './evidence.service';

@MessageController()
export class InterviewHandler extends StrategyRecordHandlers(InterviewService, 'interview', {
  create: CreateInterviewRequest,
  update: UpdateInterviewRequest,
}) {}

@MessageController()
export class InsightHandler extends StrategyRecordHandlers(InsightService, 'insight', {
  create: CreateInsightRequest,
  update: UpdateInsightRequest,
}) {
  /** The insights of a discovery packet with the interview each quotes, in one round trip. */
  @MessagePattern(S.insightEvidence)
  evidence(@Payload() { auth, ids }: InsightEvidenceRequest): Promise<InsightEvidenceReply> {
    return this.service.insightEvidence(auth, ids);
  }
}
