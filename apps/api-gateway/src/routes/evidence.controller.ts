import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  CreateInsightDto,
  CreateInterviewDto,
  InsightResponse,
  InterviewResponse,
  ListQuery,
  Page,
  StrategySubjects as S,
  UpdateInsightDto,
  UpdateInterviewDto,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('interviews')
export class InterviewController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(InterviewResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateInterviewDto): Promise<InterviewResponse> {
    return this.bus.request(S.interviewCreate, { auth, body });
  }

  @Get()
  @Paginated(InterviewResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListQuery): Promise<Page<InterviewResponse>> {
    return this.bus.request(S.interviewList, { auth, query });
  }

  @Returns(InterviewResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<InterviewResponse> {
    return this.bus.request(S.interviewGet, { auth, id });
  }

  @Returns(InterviewResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateInterviewDto): Promise<InterviewResponse> {
    return this.bus.request(S.interviewUpdate, { auth, id, body });
  }
}

@ApiController('insights')
export class InsightController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(InsightResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateInsightDto): Promise<InsightResponse> {
    return this.bus.request(S.insightCreate, { auth, body });
  }

  @Get()
  @Paginated(InsightResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListQuery): Promise<Page<InsightResponse>> {
    return this.bus.request(S.insightList, { auth, query });
  }

  @Returns(InsightResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<InsightResponse> {
    return this.bus.request(S.insightGet, { auth, id });
  }

  @Returns(InsightResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateInsightDto): Promise<InsightResponse> {
    return this.bus.request(S.insightUpdate, { auth, id, body });
  }
}
