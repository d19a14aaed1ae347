import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateInsightRequest,
  CreateInterviewRequest,
  GetStrategyRecordRequest as Get,
  InsightEvidenceReply,
  InsightEvidenceRequest,
  ListStrategyRecordsRequest as List,
  StrategySubjects as S,
  UpdateInsightRequest,
  UpdateInterviewRequest,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { InsightService, InterviewService } from './evidence.service';

@MessageController()
export class InterviewHandler extends RecordHandlers(InterviewService, {
  create: [S.interviewCreate, CreateInterviewRequest],
  list: [S.interviewList, List],
  get: [S.interviewGet, Get],
  update: [S.interviewUpdate, UpdateInterviewRequest],
}) {}

@MessageController()
export class InsightHandler extends RecordHandlers(InsightService, {
  create: [S.insightCreate, CreateInsightRequest],
  list: [S.insightList, List],
  get: [S.insightGet, Get],
  update: [S.insightUpdate, UpdateInsightRequest],
}) {
  /** The insights of a discovery packet with the interview each quotes, in one round trip. */
  @MessagePattern(S.insightEvidence)
  evidence(@Payload() { auth, ids }: InsightEvidenceRequest): Promise<InsightEvidenceReply> {
    return this.service.insightEvidence(auth, ids);
  }
}
