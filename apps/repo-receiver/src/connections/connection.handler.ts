import { Inject } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateRepositoryRequest,
  CreatedRepositoryResponse,
  ListRepositoriesRequest,
  Page,
  RepoSubjects,
  RepositoryChangedMessage,
  RepositoryIdRequest,
  RepositoryResponse,
  UpdateRepositoryRequest,
} from '@pds/contracts';
import { BROADCAST, MessageController } from '@pds/messaging';
import { ConnectionCache } from './connection.cache';
import { ConnectionService } from './connection.service';

@MessageController()
export class ConnectionHandler {
  constructor(
    @Inject(ConnectionService) private readonly connections: ConnectionService,
    @Inject(ConnectionCache) private readonly cache: ConnectionCache,
  ) {}

  @MessagePattern(RepoSubjects.connectionCreate)
  create(@Payload() { auth, body }: CreateRepositoryRequest): Promise<CreatedRepositoryResponse> {
    return this.connections.create(auth, body);
  }

  @MessagePattern(RepoSubjects.connectionList)
  list(@Payload() { auth, query }: ListRepositoriesRequest): Promise<Page<RepositoryResponse>> {
    return this.connections.list(auth, query);
  }

  @MessagePattern(RepoSubjects.connectionGet)
  get(@Payload() { auth, id }: RepositoryIdRequest): Promise<RepositoryResponse> {
    return this.connections.get(auth, id);
  }

  @MessagePattern(RepoSubjects.connectionUpdate)
  update(@Payload() { auth, id, body }: UpdateRepositoryRequest): Promise<RepositoryResponse> {
    return this.connections.update(auth, id, body);
  }

  @MessagePattern(RepoSubjects.connectionRemove)
  remove(@Payload() { auth, id }: RepositoryIdRequest): Promise<void> {
    return this.connections.remove(auth, id);
  }

  @MessagePattern(RepoSubjects.connectionRotateSecret)
  rotateSecret(@Payload() { auth, id }: RepositoryIdRequest): Promise<CreatedRepositoryResponse> {
    return this.connections.rotateSecret(auth, id);
  }

  /** Another replica changed a connection: forget the cached copy now rather than at the end of its TTL. */
  @EventPattern(RepoSubjects.connectionChanged, BROADCAST)
  connectionChanged(@Payload() { id }: RepositoryChangedMessage): void {
    this.cache.forget(id);
  }
}
