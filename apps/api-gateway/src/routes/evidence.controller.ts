import {
  CreateInsightDto,
  CreateInterviewDto,
  InsightResponse,
  InterviewResponse,
  ListQuery,
  StrategySubjects as S,
  UpdateInsightDto,
  UpdateInterviewDto,
} from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('interviews')
export class InterviewController extends RecordRoutes(InterviewResponse, {
  create: [S.interviewCreate, CreateInterviewDto],
  list: [S.interviewList, ListQuery],
  get: [S.interviewGet],
  update: [S.interviewUpdate, UpdateInterviewDto],
}) {}

@ApiController('insights')
export class InsightController extends RecordRoutes(InsightResponse, {
  create: [S.insightCreate, CreateInsightDto],
  list: [S.insightList, ListQuery],
  get: [S.insightGet],
  update: [S.insightUpdate, UpdateInsightDto],
}) {}
