import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ChangelogEntryResponse,
  ChangelogSubjects,
  CreateChangelogRequest,
  ListChangelogRequest,
  Page,
  PublishChangelogRequest,
  UpdateChangelogRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { ChangelogService } from './changelog.service';

@MessageController()
export class ChangelogHandler {
  constructor(@Inject(ChangelogService) private readonly changelog: ChangelogService) {}

  @MessagePattern(ChangelogSubjects.list)
  list(@Payload() { auth, query }: ListChangelogRequest): Promise<Page<ChangelogEntryResponse>> {
    return this.changelog.list(auth, query);
  }

  @MessagePattern(ChangelogSubjects.create)
  create(@Payload() { auth, body }: CreateChangelogRequest): Promise<ChangelogEntryResponse> {
    return this.changelog.create(auth, body);
  }

  @MessagePattern(ChangelogSubjects.update)
  update(@Payload() { auth, id, body }: UpdateChangelogRequest): Promise<ChangelogEntryResponse> {
    return this.changelog.update(auth, id, body);
  }

  @MessagePattern(ChangelogSubjects.publish)
  publish(@Payload() { auth, id }: PublishChangelogRequest): Promise<ChangelogEntryResponse> {
    return this.changelog.publish(auth, id);
  }
}
