import { Inject, Injectable } from '@nestjs/common';
import {
  CreateRepositoryRequest,
  CreatedRepositoryResponse,
  ListRepositoriesRequest,
  Page,
  RepoSubjects,
  RepositoryIdRequest,
  RepositoryResponse,
  UpdateRepositoryRequest,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { ConnectionService } from './connection.service';

@Injectable()
export class ConnectionHandler {
  constructor(@Inject(ConnectionService) private readonly connections: ConnectionService) {}

  @HandleMessage(RepoSubjects.create)
  create({ auth, body }: CreateRepositoryRequest): Promise<CreatedRepositoryResponse> {
    return this.connections.create(auth, body);
  }

  @HandleMessage(RepoSubjects.list)
  list({ auth, query }: ListRepositoriesRequest): Promise<Page<RepositoryResponse>> {
    return this.connections.list(auth, query);
  }

  @HandleMessage(RepoSubjects.get)
  get({ auth, id }: RepositoryIdRequest): Promise<RepositoryResponse> {
    return this.connections.get(auth, id);
  }

  @HandleMessage(RepoSubjects.update)
  update({ auth, id, body }: UpdateRepositoryRequest): Promise<RepositoryResponse> {
    return this.connections.update(auth, id, body);
  }

  @HandleMessage(RepoSubjects.remove)
  remove({ auth, id }: RepositoryIdRequest): Promise<void> {
    return this.connections.remove(auth, id);
  }

  @HandleMessage(RepoSubjects.rotateSecret)
  rotateSecret({ auth, id }: RepositoryIdRequest): Promise<CreatedRepositoryResponse> {
    return this.connections.rotateSecret(auth, id);
  }
}
