import { Body, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, CommentResponse, CreateCommentDto, CreationListQuery, DeliverySubjects, Page, UpdateCommentDto } from '@pds/contracts';
import { Returns, ReturnsNothing, Doc } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';

@ApiController('work-items/:id/comments')
export class CommentController extends BusRoutes {
  @Get()
  @Doc("List a work item's comments", "The comments on one work item, oldest first, one page at a time.", { requires: Permission.Read })
  @Paginated(CommentResponse)
  list(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: CreationListQuery): Promise<Page<CommentResponse>> {
    return this.bus.request(DeliverySubjects.commentList, { auth, id, query });
  }

  @Returns(CommentResponse)
  @Post()
  @Doc("Comment on a work item", "Adds a comment by the caller's user; `mentionedUserIds` names the users it mentions.", { requires: Permission.CommentWrite })
  create(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateCommentDto): Promise<CommentResponse> {
    return this.bus.request(DeliverySubjects.commentCreate, { auth, id, body });
  }

  @Returns(CommentResponse)
  @Patch(':commentId')
  @Doc("Edit a comment", "Replaces the comment's text and mentions.", { requires: Permission.CommentWrite, also: 'Only its author may edit it (403 otherwise).' })
  update(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Param('commentId') commentId: string,
    @Body() body: UpdateCommentDto,
  ): Promise<CommentResponse> {
    return this.bus.request(DeliverySubjects.commentUpdate, { auth, id, commentId, body });
  }

  @ReturnsNothing()
  @Delete(':commentId')
  @Doc('Delete a comment', 'Deletes the comment; the answer is empty.', { requires: Permission.CommentWrite, also: 'Only its author may delete it (403 otherwise).' })
  async remove(@Auth() auth: AuthContext, @Param('id') id: string, @Param('commentId') commentId: string): Promise<void> {
    // The bus carries "no result" as null; the contract's DELETE answers an empty body.
    await this.bus.request(DeliverySubjects.commentDelete, { auth, id, commentId });
  }
}
