import { Inject, Injectable } from '@nestjs/common';
import {
  CommentResponse,
  CreateCommentRequest,
  DeleteCommentRequest,
  DeliverySubjects,
  ListCommentsRequest,
  Page,
  UpdateCommentRequest,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { CommentService } from './comment.service';

@Injectable()
export class CommentHandler {
  constructor(@Inject(CommentService) private readonly comments: CommentService) {}

  @HandleMessage(DeliverySubjects.commentList)
  list({ auth, id, query }: ListCommentsRequest): Promise<Page<CommentResponse>> {
    return this.comments.list(auth, id, query);
  }

  @HandleMessage(DeliverySubjects.commentCreate)
  create({ auth, id, body }: CreateCommentRequest): Promise<CommentResponse> {
    return this.comments.create(auth, id, body);
  }

  @HandleMessage(DeliverySubjects.commentUpdate)
  update({ auth, id, commentId, body }: UpdateCommentRequest): Promise<CommentResponse> {
    return this.comments.update(auth, id, commentId, body);
  }

  @HandleMessage(DeliverySubjects.commentDelete)
  remove({ auth, id, commentId }: DeleteCommentRequest): Promise<void> {
    return this.comments.remove(auth, id, commentId);
  }
}
