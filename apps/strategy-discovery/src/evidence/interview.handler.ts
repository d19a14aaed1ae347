import { StrategyRecords } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { InterviewService } from './interview.service';

@MessageController()
export class InterviewHandler extends RecordHandlers(InterviewService, StrategyRecords.interview) {}
