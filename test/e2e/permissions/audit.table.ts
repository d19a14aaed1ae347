import { PermissionCase, adminOnly, everyone, permissionCase } from './permission-case';

interface RecordsCtx {
  workItem: string;
  ckr: string;
  opportunity: string;
  intake: string;
}

const records = async (org: { api: { post: (p: string, b?: unknown) => Promise<{ body: { id: string; key: string } }> } }): Promise<RecordsCtx> => {
  const goal = (await org.api.post('/api/v1/annual-goals', { title: 'Grow' })).body;
  return {
    workItem: (await org.api.post('/api/v1/work-items', { title: 'Audited', type: 'TASK' })).body.key,
    ckr: (await org.api.post('/api/v1/ckrs', { title: 'Audited OKR', annualGoalId: goal.id, planningCycleIds: [(await org.api.post('/api/v1/planning-cycles', { name: 'Cycle' })).body.id] })).body.key,
    opportunity: (await org.api.post('/api/v1/opportunities', { title: 'Audited opportunity' })).body.key,
    intake: (await org.api.post('/api/v1/intake', { kind: 'BUG', title: 'Audited intake' })).body.key,
  };
};

/** The audit log is ADMIN's; the history of a record is for anyone who may read the record. */
export const AUDIT_CASES: PermissionCase[] = [
  permissionCase({ operation: 'GET /audit-log', allowed: adminOnly, run: (api) => api.get('/api/v1/audit-log') }),
  permissionCase<RecordsCtx>({ operation: 'GET /work-items/{id}/history', allowed: everyone, setup: records, run: (api, ctx) => api.get(`/api/v1/work-items/${ctx.workItem}/history`) }),
  permissionCase<RecordsCtx>({ operation: 'GET /ckrs/{id}/history', allowed: everyone, setup: records, run: (api, ctx) => api.get(`/api/v1/ckrs/${ctx.ckr}/history`) }),
  permissionCase<RecordsCtx>({ operation: 'GET /opportunities/{id}/history', allowed: everyone, setup: records, run: (api, ctx) => api.get(`/api/v1/opportunities/${ctx.opportunity}/history`) }),
  permissionCase<RecordsCtx>({ operation: 'GET /intake/{id}/history', allowed: everyone, setup: records, run: (api, ctx) => api.get(`/api/v1/intake/${ctx.intake}/history`) }),
];
