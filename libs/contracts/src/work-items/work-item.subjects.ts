import type { AuthContext } from '../common/auth-context';
import type { CreateWorkItemDto, ListWorkItemsQuery, UpdateWorkItemDto } from './work-item.dto';

export const WorkItemSubjects = Object.freeze({
  create: 'delivery.work-item.create',
  list: 'delivery.work-item.list',
  get: 'delivery.work-item.get',
  update: 'delivery.work-item.update',
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
