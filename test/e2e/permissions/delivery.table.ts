import { randomBytes } from 'node:crypto';
import type { TestOrganization } from '../support/client';
import { PermissionCase, adminOnly, devAndUp, everyone, permissionCase, pmAndUp, stakeholderAndUp } from './permission-case';

interface WorkItemCtx {
  id: string;
}

interface SprintCtx {
  id: string;
}

const unique = () => randomBytes(4).toString('hex');

const workItem = async (org: TestOrganization): Promise<WorkItemCtx> =>
  ({ id: (await org.api.post('/api/v1/work-items', { title: 'Permission fixture', type: 'TASK' })).body.id });

const newItem = async (org: TestOrganization): Promise<string> =>
  (await org.api.post('/api/v1/work-items', { title: 'Link target', type: 'TASK' })).body.id;

interface IntakeCtx {
  id: string;
}

const intakeFixture = async (org: TestOrganization): Promise<IntakeCtx> =>
  ({ id: (await org.api.post('/api/v1/intake', { kind: 'BUG', title: 'Permission fixture' })).body.id });

const newIntake = async (org: TestOrganization): Promise<string> =>
  (await org.api.post('/api/v1/intake', { kind: 'IMPROVEMENT', title: 'Fresh submission' })).body.id;

const sprintFixture = async (org: TestOrganization): Promise<SprintCtx> =>
  ({ id: (await org.api.post('/api/v1/sprints', { name: 'Fixture', startDate: '2026-01-05', endDate: '2026-01-16' })).body.id });

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
  ...(['archive', 'unarchive'] as const).map((action) =>
    permissionCase<WorkItemCtx>({
      operation: `POST /work-items/{id}/${action}`,
      allowed: devAndUp,
      setup: workItem,
      run: (api, ctx) => api.post(`/api/v1/work-items/${ctx.id}/${action}`),
    }),
  ),
  permissionCase<WorkItemCtx>({
    operation: 'GET /work-items/{id}/relations',
    allowed: everyone,
    setup: workItem,
    run: (api, ctx) => api.get(`/api/v1/work-items/${ctx.id}/relations`),
  }),
  permissionCase<TestOrganization>({
    operation: 'POST /work-items/{id}/relations',
    allowed: devAndUp,
    setup: async (org) => org,
    run: async (api, org) => api.post(`/api/v1/work-items/${await newItem(org)}/relations`, { type: 'blocks', targetId: await newItem(org) }),
  }),
  permissionCase<TestOrganization>({
    operation: 'DELETE /work-items/{id}/relations/{relationId}',
    allowed: devAndUp,
    setup: async (org) => org,
    run: async (api, org) => {
      const id = await newItem(org);
      const linked = await org.api.post(`/api/v1/work-items/${id}/relations`, { type: 'relates_to', targetId: await newItem(org) });
      return api.delete(`/api/v1/work-items/${id}/relations/${linked.body.relatesTo[0].relationId}`);
    },
  }),
  permissionCase({ operation: 'GET /labels', allowed: everyone, run: (api) => api.get('/api/v1/labels') }),
  permissionCase({
    operation: 'POST /labels',
    allowed: devAndUp,
    run: (api) => api.post('/api/v1/labels', { name: `label ${unique()}`, color: '#336699' }),
  }),
  permissionCase({ operation: 'GET /teams', allowed: everyone, run: (api) => api.get('/api/v1/teams') }),
  permissionCase({ operation: 'POST /teams', allowed: devAndUp, run: (api) => api.post('/api/v1/teams', { name: `team ${unique()}` }) }),
  permissionCase({ operation: 'GET /sprints', allowed: everyone, run: (api) => api.get('/api/v1/sprints') }),
  permissionCase({
    operation: 'POST /sprints',
    allowed: devAndUp,
    run: (api) => api.post('/api/v1/sprints', { name: 'By role', startDate: '2026-01-05', endDate: '2026-01-16' }),
  }),
  permissionCase<SprintCtx>({
    operation: 'GET /sprints/{id}',
    allowed: everyone,
    setup: sprintFixture,
    run: (api, ctx) => api.get(`/api/v1/sprints/${ctx.id}`),
  }),
  permissionCase<SprintCtx>({
    operation: 'PATCH /sprints/{id}',
    allowed: devAndUp,
    setup: sprintFixture,
    run: (api, ctx, role) => api.patch(`/api/v1/sprints/${ctx.id}`, { name: `Renamed by ${role}` }),
  }),
  ...(['archive', 'unarchive'] as const).map((action) =>
    permissionCase<SprintCtx>({
      operation: `POST /sprints/{id}/${action}`,
      allowed: devAndUp,
      setup: sprintFixture,
      run: (api, ctx) => api.post(`/api/v1/sprints/${ctx.id}/${action}`),
    }),
  ),
  permissionCase<WorkItemCtx>({
    operation: 'GET /work-items/{id}/comments',
    allowed: everyone,
    setup: workItem,
    run: (api, ctx) => api.get(`/api/v1/work-items/${ctx.id}/comments`),
  }),
  permissionCase<WorkItemCtx>({
    operation: 'POST /work-items/{id}/comments',
    allowed: devAndUp,
    setup: workItem,
    run: (api, ctx, role) => api.post(`/api/v1/work-items/${ctx.id}/comments`, { body: `By ${role}` }),
  }),
  permissionCase({ operation: 'GET /intake', allowed: everyone, run: (api) => api.get('/api/v1/intake') }),
  permissionCase({
    operation: 'POST /intake',
    allowed: stakeholderAndUp,
    run: (api) => api.post('/api/v1/intake', { kind: 'BUG', title: 'By role' }),
  }),
  permissionCase<IntakeCtx>({
    operation: 'GET /intake/{id}',
    allowed: everyone,
    setup: intakeFixture,
    run: (api, ctx) => api.get(`/api/v1/intake/${ctx.id}`),
  }),
  permissionCase<IntakeCtx>({
    operation: 'PATCH /intake/{id}',
    allowed: pmAndUp,
    setup: intakeFixture,
    run: (api, ctx) => api.patch(`/api/v1/intake/${ctx.id}`, { isPublic: true }),
  }),
  permissionCase<TestOrganization>({
    operation: 'POST /intake/{id}/votes',
    allowed: stakeholderAndUp,
    setup: async (org) => org,
    run: async (api, org) => api.post(`/api/v1/intake/${await newIntake(org)}/votes`),
  }),
  permissionCase<TestOrganization>({
    operation: 'POST /intake/{id}/reports',
    allowed: stakeholderAndUp,
    setup: async (org) => org,
    run: async (api, org) => api.post(`/api/v1/intake/${await newIntake(org)}/reports`, { reason: 'SPAM' }),
  }),
  permissionCase<TestOrganization>({
    operation: 'POST /intake/{id}/convert',
    allowed: pmAndUp,
    setup: async (org) => org,
    run: async (api, org) => api.post(`/api/v1/intake/${await newIntake(org)}/convert`, { target: 'WORK_ITEM' }),
  }),
  permissionCase({ operation: 'GET /organization', allowed: adminOnly, run: (api) => api.get('/api/v1/organization') }),
  permissionCase({
    operation: 'PATCH /organization',
    allowed: adminOnly,
    run: (api) => api.patch('/api/v1/organization', { portalEnabled: false }),
  }),
  permissionCase<IntakeCtx>({
    operation: 'POST /intake/{id}/comments',
    allowed: stakeholderAndUp,
    setup: intakeFixture,
    run: (api, ctx, role) => api.post(`/api/v1/intake/${ctx.id}/comments`, { body: `By ${role}` }),
  }),
  permissionCase({ operation: 'GET /changelog', allowed: everyone, run: (api) => api.get('/api/v1/changelog') }),
  permissionCase({
    operation: 'POST /changelog',
    allowed: pmAndUp,
    run: (api) => api.post('/api/v1/changelog', { title: 'By role', body: 'x' }),
  }),
  permissionCase<TestOrganization>({
    operation: 'PATCH /changelog/{id}',
    allowed: pmAndUp,
    setup: async (org) => org,
    run: async (api, org) => {
      const draft = await org.api.post('/api/v1/changelog', { title: 'Draft', body: 'x' });
      return api.patch(`/api/v1/changelog/${draft.body.id}`, { title: 'Edited' });
    },
  }),
  permissionCase<TestOrganization>({
    operation: 'POST /changelog/{id}/publish',
    allowed: pmAndUp,
    setup: async (org) => org,
    run: async (api, org) => {
      const draft = await org.api.post('/api/v1/changelog', { title: 'Draft', body: 'x' });
      return api.post(`/api/v1/changelog/${draft.body.id}/publish`);
    },
  }),
  permissionCase({
    operation: 'POST /intake/erasures',
    allowed: adminOnly,
    run: (api, _ctx, role) => api.post('/api/v1/intake/erasures', { email: `nobody-${role.toLowerCase()}@example.com` }),
  }),
];
