import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { AuthContext, CreateSprintDto, DeliverySubjects, ListSprintsQuery, Page, SprintResponse, UpdateSprintDto } from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('sprints')
export class SprintController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Get()
  @Paginated(SprintResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListSprintsQuery): Promise<Page<SprintResponse>> {
    return this.bus.request(DeliverySubjects.sprintList, { auth, query });
  }

  @Returns(SprintResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateSprintDto): Promise<SprintResponse> {
    return this.bus.request(DeliverySubjects.sprintCreate, { auth, body });
  }

  @Returns(SprintResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<SprintResponse> {
    return this.bus.request(DeliverySubjects.sprintGet, { auth, id });
  }

  @Returns(SprintResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateSprintDto): Promise<SprintResponse> {
    return this.bus.request(DeliverySubjects.sprintUpdate, { auth, id, body });
  }
}
