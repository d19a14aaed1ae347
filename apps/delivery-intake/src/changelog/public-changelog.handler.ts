import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Page, PortalChangelogGetRequest, PortalChangelogListRequest, PortalSubjects, PublicChangelogEntryResponse } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { PublicChangelogService } from './public-changelog.service';

@MessageController()
export class PublicChangelogHandler {
  constructor(@Inject(PublicChangelogService) private readonly changelog: PublicChangelogService) {}

  @MessagePattern(PortalSubjects.changelogList)
  list(@Payload() { organizationId, ...query }: PortalChangelogListRequest): Promise<Page<PublicChangelogEntryResponse>> {
    return this.changelog.list(organizationId, query);
  }

  @MessagePattern(PortalSubjects.changelogGet)
  get(@Payload() { organizationId, id }: PortalChangelogGetRequest): Promise<PublicChangelogEntryResponse> {
    return this.changelog.get(organizationId, id);
  }
}
