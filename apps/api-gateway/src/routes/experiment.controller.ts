import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  ConcludeExperimentDto,
  CreateExperimentDto,
  ExperimentResponse,
  ListExperimentsQuery,
  Page,
  StrategySubjects as S,
  UpdateExperimentDto,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { OptionalBodyPipe } from './optional-body.pipe';

@ApiController('experiments')
export class ExperimentController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Returns(ExperimentResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateExperimentDto): Promise<ExperimentResponse> {
    return this.bus.request(S.experimentCreate, { auth, body });
  }

  @Get()
  @Paginated(ExperimentResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListExperimentsQuery): Promise<Page<ExperimentResponse>> {
    return this.bus.request(S.experimentList, { auth, query });
  }

  @Returns(ExperimentResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ExperimentResponse> {
    return this.bus.request(S.experimentGet, { auth, id });
  }

  @Returns(ExperimentResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateExperimentDto): Promise<ExperimentResponse> {
    return this.bus.request(S.experimentUpdate, { auth, id, body });
  }

  /** The body is optional (ARCHITECTURE.md section 5): `Dto | undefined` leaves it to OptionalBodyPipe. */
  @Returns(ExperimentResponse)
  @Post(':id/conclude')
  conclude(
    @Auth() auth: AuthContext,
    @Param('id') id: string,
    @Body(new OptionalBodyPipe(ConcludeExperimentDto)) body: ConcludeExperimentDto | undefined,
  ): Promise<ExperimentResponse> {
    return this.bus.request(S.experimentConclude, { auth, id, body });
  }
}
