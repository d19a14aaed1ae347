import { Body, Get, Inject, Post, Query } from '@nestjs/common';
import { AuthContext, CreateLabelDto, CreateTeamDto, DeliverySubjects, LabelResponse, ListQuery, Page, TeamResponse } from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('labels')
export class LabelController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Get()
  @Paginated(LabelResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListQuery): Promise<Page<LabelResponse>> {
    return this.bus.request(DeliverySubjects.labelList, { auth, query });
  }

  @Returns(LabelResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateLabelDto): Promise<LabelResponse> {
    return this.bus.request(DeliverySubjects.labelCreate, { auth, body });
  }
}

@ApiController('teams')
export class TeamController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Get()
  @Paginated(TeamResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListQuery): Promise<Page<TeamResponse>> {
    return this.bus.request(DeliverySubjects.teamList, { auth, query });
  }

  @Returns(TeamResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateTeamDto): Promise<TeamResponse> {
    return this.bus.request(DeliverySubjects.teamCreate, { auth, body });
  }
}
