import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreatedRepositoryResponse, RepoRecords, RepoSubjects, RepositoryIdRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { ConnectionService } from './connection.service';

@MessageController()
export class ConnectionHandler extends RecordHandlers(ConnectionService, RepoRecords.connection) {
  @MessagePattern(RepoSubjects.connectionRemove)
  remove(@Payload() { auth, id }: RepositoryIdRequest): Promise<void> {
    return this.service.remove(auth, id);
  }

  @MessagePattern(RepoSubjects.connectionRotateSecret)
  rotateSecret(@Payload() { auth, id }: RepositoryIdRequest): Promise<CreatedRepositoryResponse> {
    return this.service.rotateSecret(auth, id);
  }
}
