import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateInsightRequest,
  CreateInterviewRequest,
  GetStrategyRecordRequest,
  InsightEvidenceReply,
  InsightEvidenceRequest,
  InsightResponse,
  InterviewResponse,
  ListStrategyRecordsRequest,
  Page,
  StrategySubjects as S,
  UpdateInsightRequest,
  UpdateInterviewRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { EvidenceService } from './evidence.service';

@MessageController()
export class EvidenceHandler {
  constructor(@Inject(EvidenceService) private readonly evidence: EvidenceService) {}

  @MessagePattern(S.interviewCreate)
  createInterview(@Payload() { auth, body }: CreateInterviewRequest): Promise<InterviewResponse> {
    return this.evidence.createInterview(auth, body);
  }

  @MessagePattern(S.interviewList)
  listInterviews(@Payload() { auth, query }: ListStrategyRecordsRequest): Promise<Page<InterviewResponse>> {
    return this.evidence.listInterviews(auth, query);
  }

  @MessagePattern(S.interviewGet)
  getInterview(@Payload() { auth, id }: GetStrategyRecordRequest): Promise<InterviewResponse> {
    return this.evidence.getInterview(auth, id);
  }

  @MessagePattern(S.interviewUpdate)
  updateInterview(@Payload() { auth, id, body }: UpdateInterviewRequest): Promise<InterviewResponse> {
    return this.evidence.updateInterview(auth, id, body);
  }

  @MessagePattern(S.insightCreate)
  createInsight(@Payload() { auth, body }: CreateInsightRequest): Promise<InsightResponse> {
    return this.evidence.createInsight(auth, body);
  }

  @MessagePattern(S.insightList)
  listInsights(@Payload() { auth, query }: ListStrategyRecordsRequest): Promise<Page<InsightResponse>> {
    return this.evidence.listInsights(auth, query);
  }

  @MessagePattern(S.insightEvidence)
  insightEvidence(@Payload() { auth, ids }: InsightEvidenceRequest): Promise<InsightEvidenceReply> {
    return this.evidence.insightEvidence(auth, ids);
  }

  @MessagePattern(S.insightGet)
  getInsight(@Payload() { auth, id }: GetStrategyRecordRequest): Promise<InsightResponse> {
    return this.evidence.getInsight(auth, id);
  }

  @MessagePattern(S.insightUpdate)
  updateInsight(@Payload() { auth, id, body }: UpdateInsightRequest): Promise<InsightResponse> {
    return this.evidence.updateInsight(auth, id, body);
  }
}
