import { CreateInsightDto, CreateInterviewDto, InsightResponse, InterviewResponse, UpdateInsightDto, UpdateInterviewDto } from '@pds/contracts';
import { ApiController } from '../auth/api-controller.decorator';
import { StrategyRecordRoutes } from './strategy-record-routes';

@ApiController('interviews')
export class InterviewController extends StrategyRecordRoutes('interview', InterviewResponse, CreateInterviewDto, UpdateInterviewDto) {}

@ApiController('insights')
export class InsightController extends StrategyRecordRoutes('insight', InsightResponse, CreateInsightDto, UpdateInsightDto) {}
