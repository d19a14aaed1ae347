import { PermissionCase, devAndUp, everyone, permissionCase } from './permission-case';

interface WorkItemCtx {
  id: string;
}

const workItem = async (org: { api: { post: (p: string, b: unknown) => Promise<{ body: { id: string } }> } }): Promise<WorkItemCtx> =>
  ({ id: (await org.api.post('/api/v1/work-items', { title: 'Permission fixture', type: 'TASK' })).body.id });

export const DELIVERY_CASES: PermissionCase[] = [
  permissionCase({ operation: 'GET /work-items', allowed: everyone, run: (api) => api.get('/api/v1/work-items') }),
  permissionCase<WorkItemCtx>({
    operation: 'GET /work-items/{id}',
    allowed: everyone,
    setup: workItem,
    run: (api, ctx) => api.get(`/api/v1/work-items/${ctx.id}`),
  }),
  permissionCase({
    operation: 'POST /work-items',
    allowed: devAndUp,
    run: (api) => api.post('/api/v1/work-items', { title: 'By role', type: 'TASK' }),
  }),
  permissionCase<WorkItemCtx>({
    operation: 'PATCH /work-items/{id}',
    allowed: devAndUp,
    setup: workItem,
    run: (api, ctx, role) => api.patch(`/api/v1/work-items/${ctx.id}`, { title: `Edited by ${role}` }),
  }),
];
