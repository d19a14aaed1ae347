import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ConvertIntakeRequest,
  CreateIntakeCommentRequest,
  DeliveryRecords,
  DeliverySubjects as D,
  IntakeCommentResponse,
  IntakeRequest,
  IntakeSubmissionResponse,
  ListIntakeCommentsRequest,
  Page,
  ReportIntakeRequest,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { IntakeService } from './intake.service';

@MessageController()
export class IntakeHandler extends RecordHandlers(IntakeService, DeliveryRecords.intake) {
  @MessagePattern(D.intakeVote)
  vote(@Payload() { auth, id }: IntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.service.vote(auth, id);
  }

  @MessagePattern(D.intakeUnvote)
  unvote(@Payload() { auth, id }: IntakeRequest): Promise<void> {
    return this.service.unvote(auth, id);
  }

  @MessagePattern(D.intakeReport)
  report(@Payload() { auth, id, body }: ReportIntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.service.report(auth, id, body);
  }

  @MessagePattern(D.intakeConvert)
  convert(@Payload() { auth, id, body }: ConvertIntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.service.convert(auth, id, body);
  }

  @MessagePattern(D.intakeCommentList)
  listComments(@Payload() { auth, id, query }: ListIntakeCommentsRequest): Promise<Page<IntakeCommentResponse>> {
    return this.service.listComments(auth, id, query);
  }

  @MessagePattern(D.intakeCommentCreate)
  comment(@Payload() { auth, id, body }: CreateIntakeCommentRequest): Promise<IntakeCommentResponse> {
    return this.service.comment(auth, id, body);
  }
}
