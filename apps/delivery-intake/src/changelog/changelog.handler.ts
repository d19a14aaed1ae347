import { Inject, Injectable } from '@nestjs/common';
import {
  ChangelogEntryResponse,
  ChangelogSubjects,
  CreateChangelogRequest,
  ListChangelogRequest,
  Page,
  PublishChangelogRequest,
  UpdateChangelogRequest,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { ChangelogService } from './changelog.service';

@Injectable()
export class ChangelogHandler {
  constructor(@Inject(ChangelogService) private readonly changelog: ChangelogService) {}

  @HandleMessage(ChangelogSubjects.list)
  list({ auth, query }: ListChangelogRequest): Promise<Page<ChangelogEntryResponse>> {
    return this.changelog.list(auth, query);
  }

  @HandleMessage(ChangelogSubjects.create)
  create({ auth, body }: CreateChangelogRequest): Promise<ChangelogEntryResponse> {
    return this.changelog.create(auth, body);
  }

  @HandleMessage(ChangelogSubjects.update)
  update({ auth, id, body }: UpdateChangelogRequest): Promise<ChangelogEntryResponse> {
    return this.changelog.update(auth, id, body);
  }

  @HandleMessage(ChangelogSubjects.publish)
  publish({ auth, id }: PublishChangelogRequest): Promise<ChangelogEntryResponse> {
    return this.changelog.publish(auth, id);
  }
}
