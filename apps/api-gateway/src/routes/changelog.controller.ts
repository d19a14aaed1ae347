import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AuthContext,
  ChangelogEntryResponse,
  ChangelogSubjects,
  CreateChangelogDto,
  ListChangelogQuery,
  Page,
  UpdateChangelogDto,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { MessageBus } from '@pds/messaging';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';

@ApiController('changelog')
export class ChangelogController {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  @Get()
  @Paginated(ChangelogEntryResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListChangelogQuery): Promise<Page<ChangelogEntryResponse>> {
    return this.bus.request(ChangelogSubjects.list, { auth, query });
  }

  @Returns(ChangelogEntryResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateChangelogDto): Promise<ChangelogEntryResponse> {
    return this.bus.request(ChangelogSubjects.create, { auth, body });
  }

  @Returns(ChangelogEntryResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateChangelogDto): Promise<ChangelogEntryResponse> {
    return this.bus.request(ChangelogSubjects.update, { auth, id, body });
  }

  @Returns(ChangelogEntryResponse)
  @Post(':id/publish')
  publish(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ChangelogEntryResponse> {
    return this.bus.request(ChangelogSubjects.publish, { auth, id });
  }
}
