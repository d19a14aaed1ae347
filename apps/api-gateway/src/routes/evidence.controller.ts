import { CreateInsightDto, CreateInterviewDto, InsightResponse, InterviewResponse, ListQuery, StrategyRecords as R, UpdateInsightDto, UpdateInterviewDto } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('interviews')
export class InterviewController extends RecordRoutes(InterviewResponse, R.interview, { create: CreateInterviewDto, list: ListQuery, update: UpdateInterviewDto }) {}

@ApiController('insights')
export class InsightController extends RecordRoutes(InsightResponse, R.insight, { create: CreateInsightDto, list: ListQuery, update: UpdateInsightDto }) {}
