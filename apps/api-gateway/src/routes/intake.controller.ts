import { Body, Delete, Get, Param, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  ConvertIntakeDto,
  CreateIntakeCommentDto,
  CreateIntakeDto,
  DeliveryRecords,
  DeliverySubjects,
  IntakeCommentResponse,
  IntakeSubmissionResponse,
  ListIntakeQuery,
  CreationListQuery,
  Page,
  ReportIntakeDto,
  UpdateIntakeDto,
} from '@pds/contracts';
import { Returns, ReturnsNothing } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes } from './record-routes';

/** Votes, reports, conversion and the discussion of a submission. */
class IntakeActionRoutes extends BusRoutes {
  @Returns(IntakeSubmissionResponse)
  @Post(':id/votes')
  vote(@Auth() auth: AuthContext, @Param('id') id: string): Promise<IntakeSubmissionResponse> {
    return this.bus.request(DeliverySubjects.intakeVote, { auth, id });
  }

  @ReturnsNothing()
  @Delete(':id/votes')
  async unvote(@Auth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    // The bus carries "no result" as null; the contract's DELETE answers an empty body.
    await this.bus.request(DeliverySubjects.intakeUnvote, { auth, id });
  }

  @Returns(IntakeSubmissionResponse)
  @Post(':id/reports')
  report(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: ReportIntakeDto): Promise<IntakeSubmissionResponse> {
    return this.bus.request(DeliverySubjects.intakeReport, { auth, id, body });
  }

  @Returns(IntakeSubmissionResponse)
  @Post(':id/convert')
  convert(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: ConvertIntakeDto): Promise<IntakeSubmissionResponse> {
    return this.bus.request(DeliverySubjects.intakeConvert, { auth, id, body });
  }

  @Get(':id/comments')
  @Paginated(IntakeCommentResponse)
  listComments(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: CreationListQuery): Promise<Page<IntakeCommentResponse>> {
    return this.bus.request(DeliverySubjects.intakeCommentList, { auth, id, query });
  }

  @Returns(IntakeCommentResponse)
  @Post(':id/comments')
  comment(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateIntakeCommentDto): Promise<IntakeCommentResponse> {
    return this.bus.request(DeliverySubjects.intakeCommentCreate, { auth, id, body });
  }
}

@ApiController('intake')
export class IntakeController extends RecordRoutes(
  IntakeSubmissionResponse,
  DeliveryRecords.intake,
  { list: ListIntakeQuery, create: CreateIntakeDto, update: UpdateIntakeDto },
  IntakeActionRoutes,
) {}
