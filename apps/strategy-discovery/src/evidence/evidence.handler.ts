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
import { EvidenceService } from './evidence.service';

@MessageController()
export class InterviewHandler extends RecordHandlers(EvidenceService, {
  create: [S.interviewCreate, CreateInterviewRequest, 'createInterview'],
  list: [S.interviewList, List, 'listInterviews'],
  get: [S.interviewGet, Get, 'getInterview'],
  update: [S.interviewUpdate, UpdateInterviewRequest, 'updateInterview'],
}) {}

@MessageController()
export class InsightHandler extends RecordHandlers(EvidenceService, {
  create: [S.insightCreate, CreateInsightRequest, 'createInsight'],
  list: [S.insightList, List, 'listInsights'],
  get: [S.insightGet, Get, 'getInsight'],
  update: [S.insightUpdate, UpdateInsightRequest, 'updateInsight'],
}) {
  /** The insights of a discovery packet with the interview each quotes, in one round trip. */
  @MessagePattern(S.insightEvidence)
  evidence(@Payload() { auth, ids }: InsightEvidenceRequest): Promise<InsightEvidenceReply> {
    return this.service.insightEvidence(auth, ids);
  }
}
