import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CommentResponse,
  CreateCommentRequest,
  DeleteCommentRequest,
  DeliverySubjects,
  ListCommentsRequest,
  Page,
  UpdateCommentRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { CommentService } from './comment.service';

@MessageController()
export class CommentHandler {
  constructor(@Inject(CommentService) private readonly comments: CommentService) {}

  @MessagePattern(DeliverySubjects.commentList)
  list(@Payload() { auth, id, query }: ListCommentsRequest): Promise<Page<CommentResponse>> {
    return this.comments.list(auth, id, query);
  }

  @MessagePattern(DeliverySubjects.commentCreate)
  create(@Payload() { auth, id, body }: CreateCommentRequest): Promise<CommentResponse> {
    return this.comments.create(auth, id, body);
  }

  @MessagePattern(DeliverySubjects.commentUpdate)
  update(@Payload() { auth, id, commentId, body }: UpdateCommentRequest): Promise<CommentResponse> {
    return this.comments.update(auth, id, commentId, body);
  }

  @MessagePattern(DeliverySubjects.commentDelete)
  remove(@Payload() { auth, id, commentId }: DeleteCommentRequest): Promise<void> {
    return this.comments.remove(auth, id, commentId);
  }
}
