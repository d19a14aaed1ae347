import { Body, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { AuthContext, CommentResponse, CreateCommentDto, DeliverySubjects, CreationListQuery, Page, UpdateCommentDto } from '@pds/contracts';
import { Returns, ReturnsNothing } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';

@ApiController('work-items/:id/comments')
export class CommentController extends BusRoutes {
  @Get()
  @Paginated(CommentResponse)
  list(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: CreationListQuery): Promise<Page<CommentResponse>> {
    return this.bus.request(DeliverySubjects.commentList, { auth, id, query });
  }

  @Returns(CommentResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateCommentDto): Promise<CommentResponse> {
    return this.bus.request(DeliverySubjects.commentCreate, { auth, id, body });
  }

  @Returns(CommentResponse)
  @Patch(':commentId')
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
  async remove(@Auth() auth: AuthContext, @Param('id') id: string, @Param('commentId') commentId: string): Promise<void> {
    // The bus carries "no result" as null; the contract's DELETE answers an empty body.
    await this.bus.request(DeliverySubjects.commentDelete, { auth, id, commentId });
  }
}
