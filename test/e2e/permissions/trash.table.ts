import { randomBytes } from 'node:crypto';
import type { TestOrganization } from '../support/client';
import { PermissionCase, permissionCase, pmAndUp } from './permission-case';

const unique = () => randomBytes(4).toString('hex');

async function ckrBody(org: TestOrganization): Promise<object> {
  const annualGoalId = await created(org, 'annual-goals', { title: 'For an OKR' });
  const planningCycleId = await created(org, 'planning-cycles', { name: 'For an OKR' });
  return { title: 'OKR', annualGoalId, planningCycleIds: [planningCycleId] };
}

/** A record of each kind DELETE sends to the trash, made fresh by the ADMIN for every try. */
const KINDS: { path: string; body: (org: TestOrganization) => Promise<object> }[] = [
  { path: 'annual-goals', body: async () => ({ title: 'Goal' }) },
  { path: 'product-goals', body: async () => ({ title: 'Product goal' }) },
  { path: 'planning-cycles', body: async () => ({ name: 'Cycle' }) },
  { path: 'ckrs', body: ckrBody },
  { path: 'opportunities', body: async () => ({ title: 'Opportunity' }) },
  {
    path: 'solutions',
    body: async (org) => ({ title: 'Solution', opportunityId: (await org.api.post('/api/v1/opportunities', { title: 'For a solution' })).body.id }),
  },
  { path: 'experiments', body: async (org) => ({ title: 'Experiment', ckrId: await created(org, 'ckrs', await ckrBody(org)) }) },
  { path: 'interviews', body: async () => ({ title: 'Interview' }) },
  { path: 'insights', body: async () => ({ title: 'Insight' }) },
  { path: 'work-items', body: async () => ({ title: 'Item', type: 'TASK' }) },
  { path: 'sprints', body: async () => ({ name: 'Sprint', startDate: '2026-01-05', endDate: '2026-01-16' }) },
  { path: 'labels', body: async () => ({ name: `label ${unique()}`, color: '#336699' }) },
  { path: 'teams', body: async () => ({ name: `team ${unique()}` }) },
  { path: 'intake', body: async () => ({ kind: 'BUG', title: 'Intake' }) },
  { path: 'changelog', body: async () => ({ title: 'Entry', body: 'Notes' }) },
];

async function created(org: TestOrganization, path: string, body: object): Promise<string> {
  const response = await org.api.post(`/api/v1/${path}`, body);
  if (response.status !== 200) throw new Error(`${path} fixture: ${response.status} ${response.text}`);
  return response.body.id;
}

async function trashed(org: TestOrganization): Promise<string> {
  const id = await created(org, 'work-items', { title: 'Trashed', type: 'TASK' });
  await org.api.delete(`/api/v1/work-items/${id}`);
  return id;
}

export const TRASH_CASES: PermissionCase[] = [
  ...KINDS.map(({ path, body }) =>
    permissionCase<TestOrganization>({
      operation: `DELETE /${path}/{id}`,
      allowed: pmAndUp,
      setup: async (org) => org,
      run: async (api, org) => api.delete(`/api/v1/${path}/${await created(org, path, await body(org))}`),
    }),
  ),
  permissionCase({ operation: 'GET /trash', allowed: pmAndUp, run: (api) => api.get('/api/v1/trash') }),
  permissionCase<TestOrganization>({
    operation: 'POST /trash/{id}/restore',
    allowed: pmAndUp,
    setup: async (org) => org,
    run: async (api, org) => api.post(`/api/v1/trash/${await trashed(org)}/restore`),
  }),
];
