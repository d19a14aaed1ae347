import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ConvertIntakeRequest,
  CreateIntakeCommentRequest,
  CreateIntakeRequest,
  DeliverySubjects,
  IntakeCommentResponse,
  IntakeRequest,
  IntakeSubmissionResponse,
  ListIntakeCommentsRequest,
  ListIntakeRequest,
  Page,
  ReportIntakeRequest,
  UpdateIntakeRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { IntakeService } from './intake.service';

@MessageController()
export class IntakeHandler {
  constructor(@Inject(IntakeService) private readonly intake: IntakeService) {}

  @MessagePattern(DeliverySubjects.intakeList)
  list(@Payload() { auth, query }: ListIntakeRequest): Promise<Page<IntakeSubmissionResponse>> {
    return this.intake.list(auth, query);
  }

  @MessagePattern(DeliverySubjects.intakeCreate)
  create(@Payload() { auth, body }: CreateIntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.create(auth, body);
  }

  @MessagePattern(DeliverySubjects.intakeGet)
  get(@Payload() { auth, id }: IntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.get(auth, id);
  }

  @MessagePattern(DeliverySubjects.intakeUpdate)
  update(@Payload() { auth, id, body }: UpdateIntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.update(auth, id, body);
  }

  @MessagePattern(DeliverySubjects.intakeVote)
  vote(@Payload() { auth, id }: IntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.vote(auth, id);
  }

  @MessagePattern(DeliverySubjects.intakeUnvote)
  unvote(@Payload() { auth, id }: IntakeRequest): Promise<void> {
    return this.intake.unvote(auth, id);
  }

  @MessagePattern(DeliverySubjects.intakeReport)
  report(@Payload() { auth, id, body }: ReportIntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.report(auth, id, body);
  }

  @MessagePattern(DeliverySubjects.intakeConvert)
  convert(@Payload() { auth, id, body }: ConvertIntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.convert(auth, id, body);
  }

  @MessagePattern(DeliverySubjects.intakeCommentList)
  listComments(@Payload() { auth, id, query }: ListIntakeCommentsRequest): Promise<Page<IntakeCommentResponse>> {
    return this.intake.listComments(auth, id, query);
  }

  @MessagePattern(DeliverySubjects.intakeCommentCreate)
  comment(@Payload() { auth, id, body }: CreateIntakeCommentRequest): Promise<IntakeCommentResponse> {
    return this.intake.comment(auth, id, body);
  }
}
