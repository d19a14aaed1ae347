import { CreateInsightDto, CreateInterviewDto, InsightResponse, InterviewResponse, ListQuery, StrategyRecords as R, UpdateInsightDto, UpdateInterviewDto } from '@pds/contracts';
import { Permission } from '@pds/auth';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes } from './record-routes';

@ApiController('interviews')
export class InterviewController extends RecordRoutes(InterviewResponse, R.interview, { create: CreateInterviewDto, list: ListQuery, update: UpdateInterviewDto, about: { one: 'interview', many: 'interviews', writes: Permission.StrategyWrite } }) {}

@ApiController('insights')
export class InsightController extends RecordRoutes(InsightResponse, R.insight, { create: CreateInsightDto, list: ListQuery, update: UpdateInsightDto, about: { one: 'insight', many: 'insights', writes: Permission.StrategyWrite } }) {}
