import {
  CreateInsightDto,
  CreateInterviewDto,
  InsightResponse,
  InterviewResponse,
  ListQuery,
  StrategyRecords as R,
  StrategySubjects,
  UpdateInsightDto,
  UpdateInterviewDto,
} from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes, trash } from './record-routes';

@ApiController('interviews')
export class InterviewController extends RecordRoutes(InterviewResponse, { ...R.interview, delete: trash(StrategySubjects.recordDelete, 'interview') }, { create: CreateInterviewDto, list: ListQuery, update: UpdateInterviewDto }) {}

@ApiController('insights')
export class InsightController extends RecordRoutes(InsightResponse, { ...R.insight, delete: trash(StrategySubjects.recordDelete, 'insight') }, { create: CreateInsightDto, list: ListQuery, update: UpdateInsightDto }) {}
