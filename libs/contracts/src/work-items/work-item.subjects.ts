import type { AuthContext } from '../common/auth-context';
import type { CreateWorkItemDto, ListWorkItemsQuery, UpdateWorkItemDto } from './work-item.dto';

export const WorkItemSubjects = Object.freeze({
  create: 'delivery.work-item.create',
  list: 'delivery.work-item.list',
  get: 'delivery.work-item.get',
  update: 'delivery.work-item.update',
  /** Internal: which keys name work items of an organization (the repos context links by key). */
  resolveKeys: 'delivery.work-item.resolve-keys',
});

export interface CreateWorkItemRequest {
  auth: AuthContext;
  body: CreateWorkItemDto;
}
export interface ListWorkItemsRequest {
  auth: AuthContext;
  query: ListWorkItemsQuery;
}
export interface GetWorkItemRequest {
  auth: AuthContext;
  id: string;
}
export interface UpdateWorkItemRequest {
  auth: AuthContext;
  id: string;
  body: UpdateWorkItemDto;
}

/** Not a user's call (a provider delivery has no user), so it carries the organization, not an auth context. */
export interface ResolveWorkItemKeysRequest {
  organizationId: string;
  /** Canonical keys (`WI-12`); at most 500. */
  keys: string[];
}

export interface ResolvedWorkItem {
  id: string;
  key: string;
  status: string;
  updatedAt: string;
}
