import { Body, Delete, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  ConvertIntakeDto,
  CreateIntakeCommentDto,
  CreateIntakeDto,
  DeliverySubjects,
  IntakeCommentResponse,
  IntakeSubmissionResponse,
  ListIntakeQuery,
  ListQuery,
  Page,
  ReportIntakeDto,
  UpdateIntakeDto,
} from '@pds/contracts';
import { Returns, ReturnsNothing } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('intake')
export class IntakeController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Get()
  @Paginated(IntakeSubmissionResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListIntakeQuery): Promise<Page<IntakeSubmissionResponse>> {
    return this.bus.request(DeliverySubjects.intakeList, { auth, query });
  }

  @Returns(IntakeSubmissionResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateIntakeDto): Promise<IntakeSubmissionResponse> {
    return this.bus.request(DeliverySubjects.intakeCreate, { auth, body });
  }

  @Returns(IntakeSubmissionResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<IntakeSubmissionResponse> {
    return this.bus.request(DeliverySubjects.intakeGet, { auth, id });
  }

  @Returns(IntakeSubmissionResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateIntakeDto): Promise<IntakeSubmissionResponse> {
    return this.bus.request(DeliverySubjects.intakeUpdate, { auth, id, body });
  }

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
  listComments(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListQuery): Promise<Page<IntakeCommentResponse>> {
    return this.bus.request(DeliverySubjects.intakeCommentList, { auth, id, query });
  }

  @Returns(IntakeCommentResponse)
  @Post(':id/comments')
  comment(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: CreateIntakeCommentDto): Promise<IntakeCommentResponse> {
    return this.bus.request(DeliverySubjects.intakeCommentCreate, { auth, id, body });
  }
}
