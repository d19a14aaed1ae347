import { randomBytes } from 'node:crypto';
import { PermissionCase, adminOnly, permissionCase } from './permission-case';

const email = () => `p-${randomBytes(4).toString('hex')}@example.com`;

export const IDENTITY_CASES: PermissionCase[] = [
  permissionCase({ operation: 'GET /users', allowed: adminOnly, run: (api) => api.get('/api/v1/users') }),
  permissionCase({
    operation: 'POST /users',
    allowed: adminOnly,
    run: (api) => api.post('/api/v1/users', { email: email(), name: 'New', role: 'GUEST' }),
  }),
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
];
