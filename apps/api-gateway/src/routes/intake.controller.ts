import { Body, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
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
import { Returns, ReturnsNothing, Doc } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes, trash } from './record-routes';

/** Votes, reports, conversion and the discussion of a submission. */
class IntakeActionRoutes extends BusRoutes {
  @Returns(IntakeSubmissionResponse)
  @Post(':id/votes')
  @Doc("Vote for an intake submission", "Adds the caller's vote (one per user; voting again changes nothing) and answers the submission with its `votes`.", { requires: Permission.IntakeSubmit })
  vote(@Auth() auth: AuthContext, @Param('id') id: string): Promise<IntakeSubmissionResponse> {
    return this.bus.request(DeliverySubjects.intakeVote, { auth, id });
  }

  @ReturnsNothing()
  @Delete(':id/votes')
  @Doc("Withdraw a vote", "Removes the caller's vote, if any; the answer is empty.", { requires: Permission.IntakeSubmit })
  async unvote(@Auth() auth: AuthContext, @Param('id') id: string): Promise<void> {
    // The bus carries "no result" as null; the contract's DELETE answers an empty body.
    await this.bus.request(DeliverySubjects.intakeUnvote, { auth, id });
  }

  @Returns(IntakeSubmissionResponse)
  @Post(':id/reports')
  @Doc('Report an intake submission', 'Reports the submission for moderation (one open report per reporter). The third open report turns a `CLEAN` submission `FLAGGED`.', { requires: Permission.IntakeSubmit })
  report(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: ReportIntakeDto): Promise<IntakeSubmissionResponse> {
    return this.bus.request(DeliverySubjects.intakeReport, { auth, id, body });
  }

  @Returns(IntakeSubmissionResponse)
  @Post(':id/convert')
  @Doc("Convert an intake submission", "Creates a work item or an opportunity (by `target`) from the submission and links the two; the submission then follows the work item's status. Converting twice is 409.", { requires: Permission.IntakeManage, emits: ['work_item.created', 'opportunity.created'] })
  convert(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: ConvertIntakeDto): Promise<IntakeSubmissionResponse> {
    return this.bus.request(DeliverySubjects.intakeConvert, { auth, id, body });
  }

  @Get(':id/comments')
  @Doc("List an intake submission's comments", "The comments on one submission, oldest first, one page at a time.", { requires: Permission.Read })
  @Paginated(IntakeCommentResponse)
  listComments(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: CreationListQuery): Promise<Page<IntakeCommentResponse>> {
    return this.bus.request(DeliverySubjects.intakeCommentList, { auth, id, query });
  }

  @Returns(IntakeCommentResponse)
  @Post(':id/comments')
  @Doc("Comment on an intake submission", "Adds a comment by the caller's user.", { requires: Permission.IntakeSubmit })
  comment(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateIntakeCommentDto): Promise<IntakeCommentResponse> {
    return this.bus.request(DeliverySubjects.intakeCommentCreate, { auth, id, body });
  }
}

@ApiController('intake')
export class IntakeController extends RecordRoutes(
  IntakeSubmissionResponse,
  { ...DeliveryRecords.intake, delete: trash(DeliverySubjects.recordDelete, 'intake') },
  {
    list: ListIntakeQuery,
    create: CreateIntakeDto,
    update: UpdateIntakeDto,
    about: {
      one: 'intake submission',
      many: 'intake submissions',
      writes: Permission.IntakeManage,
      requires: { create: Permission.IntakeSubmit },
      emits: { create: ['intake.created'] },
      notes: {
        create: 'Its key is `INT-n`; it starts at stage `SUBMITTED`.',
        update: 'Triage: stage, assignee, watchers, whether the portal shows it, and moderation.',
      },
    },
  },
  IntakeActionRoutes,
) {}
