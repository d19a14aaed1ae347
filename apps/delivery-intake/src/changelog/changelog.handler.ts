import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ChangelogEntryResponse,
  ChangelogSubjects as C,
  CreateChangelogRequest,
  ListChangelogRequest,
  PublishChangelogRequest,
  UpdateChangelogRequest,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { ChangelogService } from './changelog.service';

@MessageController()
export class ChangelogHandler extends RecordHandlers(ChangelogService, {
  list: [C.list, ListChangelogRequest],
  create: [C.create, CreateChangelogRequest],
  update: [C.update, UpdateChangelogRequest],
}) {
  @MessagePattern(C.publish)
  publish(@Payload() { auth, id }: PublishChangelogRequest): Promise<ChangelogEntryResponse> {
    return this.service.publish(auth, id);
  }
}
