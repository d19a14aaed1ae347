import { CreateInterviewRequest, GetStrategyRecordRequest, ListStrategyRecordsRequest, StrategySubjects as S, UpdateInterviewRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { InterviewService } from './interview.service';

@MessageController()
export class InterviewHandler extends RecordHandlers(InterviewService, {
  create: [S.interviewCreate, CreateInterviewRequest],
  list: [S.interviewList, ListStrategyRecordsRequest],
  get: [S.interviewGet, GetStrategyRecordRequest],
  update: [S.interviewUpdate, UpdateInterviewRequest],
}) {}
