import { Inject } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateRepositoryRequest,
  CreatedRepositoryResponse,
  ListRepositoriesRequest,
  RepoSubjects,
  RepositoryChangedMessage,
  RepositoryIdRequest,
  UpdateRepositoryRequest,
} from '@pds/contracts';
import { BROADCAST, MessageController, RecordHandlers } from '@pds/messaging';
import { ConnectionCache } from './connection.cache';
import { ConnectionService } from './connection.service';

@MessageController()
export class ConnectionHandler extends RecordHandlers(ConnectionService, {
  create: [RepoSubjects.create, CreateRepositoryRequest],
  list: [RepoSubjects.list, ListRepositoriesRequest],
  get: [RepoSubjects.get, RepositoryIdRequest],
  update: [RepoSubjects.update, UpdateRepositoryRequest],
}) {
  constructor(
    @Inject(ConnectionService) connections: ConnectionService,
    @Inject(ConnectionCache) private readonly cache: ConnectionCache,
  ) {
    super(connections);
  }

  @MessagePattern(RepoSubjects.remove)
  remove(@Payload() { auth, id }: RepositoryIdRequest): Promise<void> {
    return this.service.remove(auth, id);
  }

  @MessagePattern(RepoSubjects.rotateSecret)
  rotateSecret(@Payload() { auth, id }: RepositoryIdRequest): Promise<CreatedRepositoryResponse> {
    return this.service.rotateSecret(auth, id);
  }

  /** Another replica changed a connection: forget the cached copy now rather than at the end of its TTL. */
  @EventPattern(RepoSubjects.connectionChanged, BROADCAST)
  connectionChanged(@Payload() { id }: RepositoryChangedMessage): void {
    this.cache.forget(id);
  }
}
