import type { AuthContext } from '../common/auth-context';
import type { CreateRepositoryDto, ListRepositoriesQuery, PreviewLinksDto, UpdateRepositoryDto } from './repo.dto';

export const RepoSubjects = Object.freeze({
  create: 'repos.connection.create',
  list: 'repos.connection.list',
  get: 'repos.connection.get',
  update: 'repos.connection.update',
  remove: 'repos.connection.delete',
  rotateSecret: 'repos.connection.rotate-secret',
  previewLinks: 'repos.link.preview',
  /** Read by the REST edge and by the MCP server. */
  workItemArtifacts: 'repos.artifact.by-work-item',
});

export interface CreateRepositoryRequest {
  auth: AuthContext;
  body: CreateRepositoryDto;
}
export interface ListRepositoriesRequest {
  auth: AuthContext;
  query: ListRepositoriesQuery;
}
/** get, delete, rotate-secret. */
export interface RepositoryIdRequest {
  auth: AuthContext;
  id: string;
}
export interface UpdateRepositoryRequest {
  auth: AuthContext;
  id: string;
  body: UpdateRepositoryDto;
}
export interface PreviewLinksRequest {
  auth: AuthContext;
  body: PreviewLinksDto;
}
/** `id`: the work item's uuid or key. */
export interface WorkItemArtifactsRequest {
  auth: AuthContext;
  id: string;
}
