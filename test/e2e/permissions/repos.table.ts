import { randomBytes } from 'node:crypto';
import { PermissionCase, adminOnly, everyone, permissionCase } from './permission-case';

interface RepoCtx {
  repoId: string;
  workItemId: string;
}

const fullName = () => `acme/permission-${randomBytes(4).toString('hex')}`;

const repo = async (org: {
  api: { post: (p: string, b?: unknown) => Promise<{ body: { id: string } }> };
}): Promise<RepoCtx> => {
  const repoId = (await org.api.post('/api/v1/repositories', { provider: 'GITHUB', fullName: fullName() })).body.id;
  const workItemId = (await org.api.post('/api/v1/work-items', { title: 'Has artifacts', type: 'TASK' })).body.id;
  return { repoId, workItemId };
};

/** Rows for repository connections (repositories.manage, ADMIN only) and the reads every role has. */
export const REPO_CASES: PermissionCase[] = [
  permissionCase({ operation: 'GET /repositories', allowed: adminOnly, run: (api) => api.get('/api/v1/repositories') }),
  permissionCase({
    operation: 'POST /repositories',
    allowed: adminOnly,
    run: (api) => api.post('/api/v1/repositories', { provider: 'GITHUB', fullName: fullName() }),
  }),
  permissionCase<RepoCtx>({ operation: 'GET /repositories/{id}', allowed: adminOnly, setup: repo, run: (api, ctx) => api.get(`/api/v1/repositories/${ctx.repoId}`) }),
  permissionCase<RepoCtx>({
    operation: 'PATCH /repositories/{id}',
    allowed: adminOnly,
    setup: repo,
    run: (api, ctx) => api.patch(`/api/v1/repositories/${ctx.repoId}`, { defaultBranch: 'main' }),
  }),
  permissionCase<RepoCtx>({
    operation: 'POST /repositories/{id}/rotate-secret',
    allowed: adminOnly,
    setup: repo,
    run: (api, ctx) => api.post(`/api/v1/repositories/${ctx.repoId}/rotate-secret`),
  }),
  permissionCase<RepoCtx>({
    operation: 'GET /repositories/{id}/deliveries',
    allowed: adminOnly,
    setup: repo,
    run: (api, ctx) => api.get(`/api/v1/repositories/${ctx.repoId}/deliveries`),
  }),
  permissionCase<RepoCtx>({ operation: 'DELETE /repositories/{id}', allowed: adminOnly, setup: repo, run: (api, ctx) => api.delete(`/api/v1/repositories/${ctx.repoId}`) }),
  permissionCase({
    operation: 'POST /repositories/preview-links',
    allowed: everyone,
    run: (api) => api.post('/api/v1/repositories/preview-links', { text: 'feature/wi-1 Fixes WI-2' }),
  }),
  permissionCase<RepoCtx>({
    operation: 'GET /work-items/{id}/artifacts',
    allowed: everyone,
    setup: repo,
    run: (api, ctx) => api.get(`/api/v1/work-items/${ctx.workItemId}/artifacts`),
  }),
];
