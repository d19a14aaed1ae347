import { CreateInsightDto, CreateInterviewDto, InsightResponse, InterviewResponse, RecordListQuery, StrategyRecords as R, StrategySubjects, UpdateInsightDto, UpdateInterviewDto } from '@pds/contracts';
import { Permission } from '@pds/auth';
import { ApiController } from '../auth/api-controller.decorator';
import { RecordRoutes, trash } from './record-routes';

@ApiController('interviews')
export class InterviewController extends RecordRoutes(InterviewResponse, { ...R.interview, delete: trash(StrategySubjects.recordDelete, 'interview') }, { create: CreateInterviewDto, list: RecordListQuery, update: UpdateInterviewDto, about: { one: 'interview', many: 'interviews', writes: Permission.StrategyWrite } }) {}

@ApiController('insights')
export class InsightController extends RecordRoutes(InsightResponse, { ...R.insight, delete: trash(StrategySubjects.recordDelete, 'insight') }, { create: CreateInsightDto, list: RecordListQuery, update: UpdateInsightDto, about: { one: 'insight', many: 'insights', writes: Permission.StrategyWrite } }) {}
