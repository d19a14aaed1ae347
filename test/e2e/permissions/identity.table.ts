import { randomBytes } from 'node:crypto';
import { PermissionCase, adminOnly, devAndUp, everyone, permissionCase } from './permission-case';

const email = () => `p-${randomBytes(4).toString('hex')}@example.com`;

export const IDENTITY_CASES: PermissionCase[] = [
  permissionCase({ operation: 'GET /users', allowed: adminOnly, run: (api) => api.get('/api/v1/users') }),
  permissionCase({
    operation: 'POST /users',
    allowed: adminOnly,
    run: (api) => api.post('/api/v1/users', { email: email(), name: 'New', role: 'GUEST' }),
  }),
  permissionCase({
    operation: 'GET /users/{id}',
    allowed: adminOnly,
    setup: async (org) => org.admin.id,
    run: (api, id: string) => api.get(`/api/v1/users/${id}`),
  }),
  ...(['PATCH /users/{id}', 'POST /users/{id}/deactivate', 'POST /users/{id}/reactivate'] as const).map((operation) =>
    permissionCase({
      operation,
      allowed: adminOnly,
      setup: async (org) => org,
      // A fresh user each time, so that every allowed role's call succeeds.
      run: async (api, org) => {
        const user = await org.api.post('/api/v1/users', { email: email(), name: 'Target', role: 'DEV' });
        const path = `/api/v1/users/${user.body.id}`;
        if (operation === 'PATCH /users/{id}') return api.patch(path, { name: 'Renamed', role: 'PM' });
        return api.post(`${path}/${operation.endsWith('deactivate') ? 'deactivate' : 'reactivate'}`);
      },
    }),
  ),
  permissionCase({ operation: 'GET /api-keys', allowed: adminOnly, run: (api) => api.get('/api/v1/api-keys') }),
  permissionCase({
    operation: 'POST /api-keys',
    allowed: adminOnly,
    run: (api) => api.post('/api/v1/api-keys', { name: 'k', role: 'GUEST' }),
  }),
  permissionCase({
    operation: 'DELETE /api-keys/{id}',
    allowed: adminOnly,
    setup: async (org) => org,
    run: async (api, org) => {
      const key = await org.api.post('/api/v1/api-keys', { name: 'to revoke' });
      return api.delete(`/api/v1/api-keys/${key.body.id}`);
    },
  }),
  permissionCase({ operation: 'GET /me', allowed: everyone, run: (api) => api.get('/api/v1/me') }),
  permissionCase({ operation: 'GET /me/api-keys', allowed: devAndUp, run: (api) => api.get('/api/v1/me/api-keys') }),
  permissionCase({
    operation: 'POST /me/api-keys',
    allowed: devAndUp,
    run: (api) => api.post('/api/v1/me/api-keys', { name: 'agent' }),
  }),
  permissionCase({
    operation: 'DELETE /me/api-keys/{id}',
    allowed: devAndUp,
    run: async (api, _ctx, role) => {
      // A key of the caller's own to revoke; roles without personal keys get none and try the ADMIN-issued one.
      const own = await api.post('/api/v1/me/api-keys', { name: 'to revoke' });
      const id = own.status === 200 ? own.body.id : (await api.get('/api/v1/me')).body.apiKey.id;
      if (own.status !== 200 && (role === 'ADMIN' || role === 'PM' || role === 'DEV')) throw new Error(`setup failed: ${own.status}`);
      return api.delete(`/api/v1/me/api-keys/${id}`);
    },
  }),
];
