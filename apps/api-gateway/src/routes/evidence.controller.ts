import { CreateInsightDto, CreateInterviewDto, InsightResponse, InterviewResponse, RecordListQuery, StrategyRecords as R, UpdateInsightDto, UpdateInterviewDto } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('interviews')
export class InterviewController extends RecordRoutes(InterviewResponse, R.interview, { create: CreateInterviewDto, list: RecordListQuery, update: UpdateInterviewDto }) {}

@ApiController('insights')
export class InsightController extends RecordRoutes(InsightResponse, R.insight, { create: CreateInsightDto, list: RecordListQuery, update: UpdateInsightDto }) {}
