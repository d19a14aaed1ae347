import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { AuthContext, CreateSolutionDto, ListSolutionsQuery, Page, SolutionResponse, StrategySubjects as S, UpdateSolutionDto } from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('solutions')
export class SolutionController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(SolutionResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateSolutionDto): Promise<SolutionResponse> {
    return this.bus.request(S.solutionCreate, { auth, body });
  }

  @Get()
  @Paginated(SolutionResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListSolutionsQuery): Promise<Page<SolutionResponse>> {
    return this.bus.request(S.solutionList, { auth, query });
  }

  @Returns(SolutionResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<SolutionResponse> {
    return this.bus.request(S.solutionGet, { auth, id });
  }

  @Returns(SolutionResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateSolutionDto): Promise<SolutionResponse> {
    return this.bus.request(S.solutionUpdate, { auth, id, body });
  }
}
