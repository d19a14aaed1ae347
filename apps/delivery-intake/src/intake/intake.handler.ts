import { Inject, Injectable } from '@nestjs/common';
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
import { HandleMessage } from '@pds/messaging';
import { IntakeService } from './intake.service';

@Injectable()
export class IntakeHandler {
  constructor(@Inject(IntakeService) private readonly intake: IntakeService) {}

  @HandleMessage(DeliverySubjects.intakeList)
  list({ auth, query }: ListIntakeRequest): Promise<Page<IntakeSubmissionResponse>> {
    return this.intake.list(auth, query);
  }

  @HandleMessage(DeliverySubjects.intakeCreate)
  create({ auth, body }: CreateIntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.create(auth, body);
  }

  @HandleMessage(DeliverySubjects.intakeGet)
  get({ auth, id }: IntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.get(auth, id);
  }

  @HandleMessage(DeliverySubjects.intakeUpdate)
  update({ auth, id, body }: UpdateIntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.update(auth, id, body);
  }

  @HandleMessage(DeliverySubjects.intakeVote)
  vote({ auth, id }: IntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.vote(auth, id);
  }

  @HandleMessage(DeliverySubjects.intakeUnvote)
  unvote({ auth, id }: IntakeRequest): Promise<void> {
    return this.intake.unvote(auth, id);
  }

  @HandleMessage(DeliverySubjects.intakeReport)
  report({ auth, id, body }: ReportIntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.report(auth, id, body);
  }

  @HandleMessage(DeliverySubjects.intakeConvert)
  convert({ auth, id, body }: ConvertIntakeRequest): Promise<IntakeSubmissionResponse> {
    return this.intake.convert(auth, id, body);
  }

  @HandleMessage(DeliverySubjects.intakeCommentList)
  listComments({ auth, id, query }: ListIntakeCommentsRequest): Promise<Page<IntakeCommentResponse>> {
    return this.intake.listComments(auth, id, query);
  }

  @HandleMessage(DeliverySubjects.intakeCommentCreate)
  comment({ auth, id, body }: CreateIntakeCommentRequest): Promise<IntakeCommentResponse> {
    return this.intake.comment(auth, id, body);
  }
}
