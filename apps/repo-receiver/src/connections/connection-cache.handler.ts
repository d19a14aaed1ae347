import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { RepoSubjects, RepositoryChangedMessage } from '@pds/contracts';
import { BROADCAST, MessageController } from '@pds/messaging';
import { ConnectionCache } from './connection.cache';

/** Another replica changed a connection: forget the cached copy now rather than at the end of its TTL. */
@MessageController()
export class ConnectionCacheHandler {
  constructor(@Inject(ConnectionCache) private readonly cache: ConnectionCache) {}

  @EventPattern(RepoSubjects.connectionChanged, BROADCAST)
  connectionChanged(@Payload() { id }: RepositoryChangedMessage): void {
    this.cache.forget(id);
  }
}
