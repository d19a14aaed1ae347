import { Param, Post } from '@nestjs/common';
import {
  AuthContext,
  ChangelogEntryResponse,
  ChangelogRecords,
  ChangelogSubjects,
  CreateChangelogDto,
  DeliverySubjects,
  ListChangelogQuery,
  UpdateChangelogDto,
} from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes, trash } from './record-routes';

class PublishRoutes extends BusRoutes {
  @Returns(ChangelogEntryResponse)
  @Post(':id/publish')
  publish(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ChangelogEntryResponse> {
    return this.bus.request(ChangelogSubjects.publish, { auth, id });
  }
}

@ApiController('changelog')
export class ChangelogController extends RecordRoutes(
  ChangelogEntryResponse,
  { ...ChangelogRecords.entry, delete: trash(DeliverySubjects.recordDelete, 'changelog') },
  { list: ListChangelogQuery, create: CreateChangelogDto, update: UpdateChangelogDto },
  PublishRoutes,
) {}
