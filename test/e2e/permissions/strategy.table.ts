import type { ApiClient, ApiResponse, TestOrganization } from '../support/client';
import { PermissionCase, ROLES, RoleName, everyone, permissionCase, pmAndUp } from './permission-case';

const API = '/api/v1';

interface StrategyCtx {
  annualGoalId: string;
  productGoalId: string;
  planningCycleId: string;
  ckrId: string;
  keyResultId: string;
  opportunityId: string;
  solutionId: string;
  experimentId: string;
  interviewId: string;
  insightId: string;
  /** One draft opportunity and one open experiment per role, for promote and conclude. */
  draftOpportunity: Record<RoleName, string>;
  openExperiment: Record<RoleName, string>;
}

const id = async (response: Promise<ApiResponse>): Promise<string> => {
  const { status, body } = await response;
  if (status !== 200) throw new Error(`fixture failed: ${status} ${JSON.stringify(body)}`);
  return body.id;
};

async function strategyFixture(org: TestOrganization): Promise<StrategyCtx> {
  const api: ApiClient = org.api;
  const annualGoalId = await id(api.post(`${API}/annual-goals`, { title: 'Permission goal' }));
  const productGoalId = await id(api.post(`${API}/product-goals`, { title: 'Permission product goal', annualGoalId }));
  const planningCycleId = await id(api.post(`${API}/planning-cycles`, { name: 'Permission cycle' }));
  const ckr = await api.post(`${API}/ckrs`, { title: 'Permission OKR', annualGoalId, planningCycleIds: [planningCycleId], keyResults: [{ title: 'KR' }] });
  const opportunityId = await id(api.post(`${API}/opportunities`, { title: 'Permission opportunity' }));
  const solutionId = await id(api.post(`${API}/solutions`, { title: 'Permission solution', opportunityId }));
  const experimentId = await id(api.post(`${API}/experiments`, { title: 'Permission experiment', ckrId: ckr.body.id }));
  const interviewId = await id(api.post(`${API}/interviews`, { title: 'Permission interview' }));
  const insightId = await id(api.post(`${API}/insights`, { title: 'Permission insight' }));
  const draftOpportunity = {} as Record<RoleName, string>;
  const openExperiment = {} as Record<RoleName, string>;
  for (const role of ROLES) {
    draftOpportunity[role] = await id(api.post(`${API}/opportunities`, { title: `Draft for ${role}` }));
    openExperiment[role] = await id(api.post(`${API}/experiments`, { title: `Open for ${role}`, ckrId: ckr.body.id }));
  }
  return {
    annualGoalId,
    productGoalId,
    planningCycleId,
    ckrId: ckr.body.id,
    keyResultId: ckr.body.keyResults[0].id,
    opportunityId,
    solutionId,
    experimentId,
    interviewId,
    insightId,
    draftOpportunity,
    openExperiment,
  };
}

/** GET list, GET by id, POST and PATCH of one resource. */
function crudCases(path: string, idOf: (ctx: StrategyCtx) => string, create: (ctx: StrategyCtx, role: RoleName) => object, patch: (role: RoleName) => object): PermissionCase[] {
  return [
    permissionCase({ operation: `GET /${path}`, allowed: everyone, run: (api) => api.get(`${API}/${path}`) }),
    permissionCase<StrategyCtx>({
      operation: `GET /${path}/{id}`,
      allowed: everyone,
      setup: strategyFixture,
      run: (api, ctx) => api.get(`${API}/${path}/${idOf(ctx)}`),
    }),
    permissionCase<StrategyCtx>({
      operation: `POST /${path}`,
      allowed: pmAndUp,
      setup: strategyFixture,
      run: (api, ctx, role) => api.post(`${API}/${path}`, create(ctx, role)),
    }),
    permissionCase<StrategyCtx>({
      operation: `PATCH /${path}/{id}`,
      allowed: pmAndUp,
      setup: strategyFixture,
      run: (api, ctx, role) => api.patch(`${API}/${path}/${idOf(ctx)}`, patch(role)),
    }),
  ];
}

/** Archive and unarchive of one resource: whoever may write the kind (idempotent, so every allowed role succeeds). */
function archiveCases(path: string, idOf: (ctx: StrategyCtx) => string): PermissionCase[] {
  return (['archive', 'unarchive'] as const).map((action) =>
    permissionCase<StrategyCtx>({
      operation: `POST /${path}/{id}/${action}`,
      allowed: pmAndUp,
      setup: strategyFixture,
      run: (api, ctx) => api.post(`${API}/${path}/${idOf(ctx)}/${action}`),
    }),
  );
}

/** Rows for goals, planning cycles, OKRs and discovery records (strategy-discovery). */
export const STRATEGY_CASES: PermissionCase[] = [
  ...crudCases('annual-goals', (c) => c.annualGoalId, (_c, role) => ({ title: `Goal by ${role}` }), (role) => ({ title: `Edited by ${role}` })),
  ...archiveCases('annual-goals', (c) => c.annualGoalId),
  ...crudCases('product-goals', (c) => c.productGoalId, (_c, role) => ({ title: `Goal by ${role}` }), (role) => ({ title: `Edited by ${role}` })),
  ...archiveCases('product-goals', (c) => c.productGoalId),
  ...crudCases('planning-cycles', (c) => c.planningCycleId, (_c, role) => ({ name: `Cycle by ${role}` }), (role) => ({ name: `Edited by ${role}` })),
  ...crudCases(
    'ckrs',
    (c) => c.ckrId,
    (c, role) => ({ title: `OKR by ${role}`, annualGoalId: c.annualGoalId, planningCycleIds: [c.planningCycleId] }),
    (role) => ({ title: `Edited by ${role}` }),
  ),
  permissionCase<StrategyCtx>({
    operation: 'PATCH /ckrs/{id}/key-results/{krId}',
    allowed: pmAndUp,
    setup: strategyFixture,
    run: (api, ctx, role) => api.patch(`${API}/ckrs/${ctx.ckrId}/key-results/${ctx.keyResultId}`, { currentValue: ROLES.indexOf(role) + 1 }),
  }),
  ...crudCases('opportunities', (c) => c.opportunityId, (_c, role) => ({ title: `Opportunity by ${role}` }), (role) => ({ title: `Edited by ${role}` })),
  ...archiveCases('opportunities', (c) => c.opportunityId),
  permissionCase<StrategyCtx>({
    operation: 'POST /opportunities/{id}/promote',
    allowed: pmAndUp,
    setup: strategyFixture,
    run: (api, ctx, role) =>
      api.post(`${API}/opportunities/${ctx.draftOpportunity[role]}/promote`, { planningCycleIds: [ctx.planningCycleId], annualGoalId: ctx.annualGoalId }),
  }),
  permissionCase<StrategyCtx>({
    operation: 'POST /opportunities/{id}/solutions',
    allowed: pmAndUp,
    setup: strategyFixture,
    run: (api, ctx, role) => api.post(`${API}/opportunities/${ctx.opportunityId}/solutions`, { title: `Solution by ${role}` }),
  }),
  ...crudCases(
    'solutions',
    (c) => c.solutionId,
    (c, role) => ({ title: `Solution by ${role}`, opportunityId: c.opportunityId }),
    (role) => ({ title: `Edited by ${role}` }),
  ),
  ...archiveCases('solutions', (c) => c.solutionId),
  ...crudCases(
    'experiments',
    (c) => c.experimentId,
    (c, role) => ({ title: `Experiment by ${role}`, ckrId: c.ckrId }),
    (role) => ({ title: `Edited by ${role}` }),
  ),
  ...archiveCases('experiments', (c) => c.experimentId),
  permissionCase<StrategyCtx>({
    operation: 'POST /experiments/{id}/conclude',
    allowed: pmAndUp,
    setup: strategyFixture,
    run: (api, ctx, role) => api.post(`${API}/experiments/${ctx.openExperiment[role]}/conclude`, { outcome: 'SUCCEEDED' }),
  }),
  ...crudCases('interviews', (c) => c.interviewId, (_c, role) => ({ title: `Interview by ${role}` }), (role) => ({ title: `Edited by ${role}` })),
  ...crudCases('insights', (c) => c.insightId, (_c, role) => ({ title: `Insight by ${role}` }), (role) => ({ title: `Edited by ${role}` })),
];
