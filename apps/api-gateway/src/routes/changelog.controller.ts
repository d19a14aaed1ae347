import { Param, Post } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, ChangelogEntryResponse, ChangelogRecords, ChangelogSubjects, CreateChangelogDto, DeliverySubjects, ListChangelogQuery, UpdateChangelogDto } from '@pds/contracts';
import { Returns, Doc } from '@pds/http';
import { ApiController, Auth } from '../auth/api-controller.decorator';
import { BusRoutes, RecordRoutes, trash } from './record-routes';

class PublishRoutes extends BusRoutes {
  @Returns(ChangelogEntryResponse)
  @Post(':id/publish')
  @Doc("Publish a changelog entry", "Stamps `publishedAt` and shows the entry on the organization's public portal and its Atom feed. Publishing twice is 409.", { requires: Permission.ChangelogWrite, emits: ['changelog.published'] })
  publish(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ChangelogEntryResponse> {
    return this.bus.request(ChangelogSubjects.publish, { auth, id });
  }
}

@ApiController('changelog')
export class ChangelogController extends RecordRoutes(
  ChangelogEntryResponse,
  { ...ChangelogRecords.entry, delete: trash(DeliverySubjects.recordDelete, 'changelog') },
  {
    list: ListChangelogQuery,
    create: CreateChangelogDto,
    update: UpdateChangelogDto,
    about: {
      one: 'changelog entry',
      many: 'changelog entries',
      writes: Permission.ChangelogWrite,
      notes: { create: 'A new entry is a draft: the portal shows it once it is published.' },
    },
  },
  PublishRoutes,
) {}
