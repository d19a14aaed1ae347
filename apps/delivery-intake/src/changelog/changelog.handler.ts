import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChangelogEntryResponse, ChangelogRecords, ChangelogSubjects as C, PublishChangelogRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { ChangelogService } from './changelog.service';

@MessageController()
export class ChangelogHandler extends RecordHandlers(ChangelogService, ChangelogRecords.entry) {
  @MessagePattern(C.publish)
  publish(@Payload() { auth, id }: PublishChangelogRequest): Promise<ChangelogEntryResponse> {
    return this.service.publish(auth, id);
  }
}
