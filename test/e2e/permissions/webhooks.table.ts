import { PermissionCase, adminOnly, permissionCase } from './permission-case';

interface HookCtx {
  hookId: string;
  deliveryId: string;
}

const TARGET = 'http://127.0.0.1:9/permission-fixture';

const hook = async (org: {
  api: { post: (p: string, b?: unknown) => Promise<{ body: { id: string } }> };
}): Promise<HookCtx> => {
  const hookId = (await org.api.post('/api/v1/webhooks', { url: TARGET, events: ['ckr.created'] })).body.id;
  const deliveryId = (await org.api.post(`/api/v1/webhooks/${hookId}/test`)).body.id;
  return { hookId, deliveryId };
};

/** Rows for webhook subscriptions, deliveries and the event log (webhook-dispatcher): ADMIN only. */
export const WEBHOOK_CASES: PermissionCase[] = [
  permissionCase({ operation: 'GET /webhooks', allowed: adminOnly, run: (api) => api.get('/api/v1/webhooks') }),
  permissionCase({
    operation: 'POST /webhooks',
    allowed: adminOnly,
    run: (api) => api.post('/api/v1/webhooks', { url: TARGET, events: ['work_item.created'] }),
  }),
  permissionCase<HookCtx>({
    operation: 'PATCH /webhooks/{id}',
    allowed: adminOnly,
    setup: hook,
    run: (api, ctx, role) => api.patch(`/api/v1/webhooks/${ctx.hookId}`, { description: `Edited by ${role}` }),
  }),
  permissionCase<HookCtx>({
    operation: 'DELETE /webhooks/{id}',
    allowed: adminOnly,
    setup: hook,
    run: (api, ctx) => api.delete(`/api/v1/webhooks/${ctx.hookId}`),
  }),
  permissionCase<HookCtx>({
    operation: 'POST /webhooks/{id}/test',
    allowed: adminOnly,
    setup: hook,
    run: (api, ctx) => api.post(`/api/v1/webhooks/${ctx.hookId}/test`),
  }),
  permissionCase<HookCtx>({
    operation: 'POST /webhooks/{id}/rotate-secret',
    allowed: adminOnly,
    setup: hook,
    run: (api, ctx) => api.post(`/api/v1/webhooks/${ctx.hookId}/rotate-secret`),
  }),
  permissionCase({ operation: 'GET /webhooks/deliveries', allowed: adminOnly, run: (api) => api.get('/api/v1/webhooks/deliveries') }),
  permissionCase<HookCtx>({
    operation: 'GET /webhooks/deliveries/{id}',
    allowed: adminOnly,
    setup: hook,
    run: (api, ctx) => api.get(`/api/v1/webhooks/deliveries/${ctx.deliveryId}`),
  }),
  permissionCase<HookCtx>({
    operation: 'POST /webhooks/deliveries/{id}/redeliver',
    allowed: adminOnly,
    setup: hook,
    run: (api, ctx) => api.post(`/api/v1/webhooks/deliveries/${ctx.deliveryId}/redeliver`),
  }),
  permissionCase({ operation: 'GET /events', allowed: adminOnly, run: (api) => api.get('/api/v1/events') }),
];
