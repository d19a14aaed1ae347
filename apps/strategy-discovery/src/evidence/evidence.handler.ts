import { Inject, Injectable } from '@nestjs/common';
import {
  CreateInsightDto,
  CreateInterviewDto,
  InsightResponse,
  InterviewResponse,
  ListQuery,
  Page,
  StrategyCreateRequest as Create,
  StrategyGetRequest as Get,
  StrategyListRequest as List,
  StrategySubjects as S,
  StrategyUpdateRequest as Update,
  UpdateInsightDto,
  UpdateInterviewDto,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { EvidenceService } from './evidence.service';

@Injectable()
export class EvidenceHandler {
  constructor(@Inject(EvidenceService) private readonly evidence: EvidenceService) {}

  @HandleMessage(S.interviewCreate)
  createInterview({ auth, body }: Create<CreateInterviewDto>): Promise<InterviewResponse> {
    return this.evidence.createInterview(auth, body);
  }

  @HandleMessage(S.interviewList)
  listInterviews({ auth, query }: List<ListQuery>): Promise<Page<InterviewResponse>> {
    return this.evidence.listInterviews(auth, query);
  }

  @HandleMessage(S.interviewGet)
  getInterview({ auth, id }: Get): Promise<InterviewResponse> {
    return this.evidence.getInterview(auth, id);
  }

  @HandleMessage(S.interviewUpdate)
  updateInterview({ auth, id, body }: Update<UpdateInterviewDto>): Promise<InterviewResponse> {
    return this.evidence.updateInterview(auth, id, body);
  }

  @HandleMessage(S.insightCreate)
  createInsight({ auth, body }: Create<CreateInsightDto>): Promise<InsightResponse> {
    return this.evidence.createInsight(auth, body);
  }

  @HandleMessage(S.insightList)
  listInsights({ auth, query }: List<ListQuery>): Promise<Page<InsightResponse>> {
    return this.evidence.listInsights(auth, query);
  }

  @HandleMessage(S.insightGet)
  getInsight({ auth, id }: Get): Promise<InsightResponse> {
    return this.evidence.getInsight(auth, id);
  }

  @HandleMessage(S.insightUpdate)
  updateInsight({ auth, id, body }: Update<UpdateInsightDto>): Promise<InsightResponse> {
    return this.evidence.updateInsight(auth, id, body);
  }
}
