import { ApiClient, TestOrganization, createOrganization } from '../support/client';
import type { IdKind } from './fuzz-routes';

export type Records = Record<IdKind, { id: string; key?: string }>;

export interface FuzzOrganization {
  org: TestOrganization;
  records: Records;
  /** Every uuid this organization owns that the fuzzer knows of. */
  ids: Set<string>;
}

async function created(response: Promise<{ status: number; body: { id: string; key?: string } }>, what: string) {
  const { status, body } = await response;
  if (status !== 200) throw new Error(`fuzz fixture ${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** One record of every kind, so path ids and body references can name real records. */
export async function fuzzOrganization(): Promise<FuzzOrganization> {
  const org = await createOrganization();
  const api: ApiClient = org.api;
  await api.patch('/api/v1/organization', { portalEnabled: true });
  const workItem = await created(api.post('/api/v1/work-items', { title: 'Fuzz item', type: 'TASK' }), 'work item');
  const other = await created(api.post('/api/v1/work-items', { title: 'Fuzz other', type: 'BUG' }), 'work item');
  const relations = await api.post(`/api/v1/work-items/${workItem.id}/relations`, { type: 'blocks', targetId: other.id });
  const comment = await created(api.post(`/api/v1/work-items/${workItem.id}/comments`, { body: 'Fuzz comment' }), 'comment');
  const intake = await created(api.post('/api/v1/intake', { kind: 'BUG', title: 'Fuzz intake' }), 'intake');
  const annualGoal = await created(api.post('/api/v1/annual-goals', { title: 'Fuzz goal' }), 'annual goal');
  const productGoal = await created(api.post('/api/v1/product-goals', { title: 'Fuzz product goal' }), 'product goal');
  const planningCycle = await created(api.post('/api/v1/planning-cycles', { name: 'Fuzz cycle' }), 'planning cycle');
  const ckr = (await created(
    api.post('/api/v1/ckrs', { title: 'Fuzz OKR', annualGoalId: annualGoal.id, planningCycleIds: [planningCycle.id], keyResults: [{ title: 'Fuzz KR' }] }),
    'ckr',
  )) as { id: string; key: string; keyResults: { id: string }[] };
  const opportunity = await created(api.post('/api/v1/opportunities', { title: 'Fuzz opportunity' }), 'opportunity');
  const solution = await created(api.post('/api/v1/solutions', { title: 'Fuzz solution', opportunityId: opportunity.id }), 'solution');
  const experiment = await created(api.post('/api/v1/experiments', { title: 'Fuzz experiment', ckrId: ckr.id }), 'experiment');
  const interview = await created(api.post('/api/v1/interviews', { title: 'Fuzz interview' }), 'interview');
  const insight = await created(api.post('/api/v1/insights', { title: 'Fuzz insight' }), 'insight');
  const sprint = await created(api.post('/api/v1/sprints', { name: 'Fuzz sprint', startDate: '2026-01-05', endDate: '2026-01-16' }), 'sprint');
  const changelog = await created(api.post('/api/v1/changelog', { title: 'Fuzz entry', body: 'Notes' }), 'changelog');
  const webhook = await created(api.post('/api/v1/webhooks', { url: 'https://example.com/fuzz', events: ['work_item.created'] }), 'webhook');
  const delivery = await created(api.post(`/api/v1/webhooks/${webhook.id}/test`), 'delivery');
  const apiKey = await created(api.post('/api/v1/api-keys', { name: 'Fuzz key' }), 'api key');
  const repository = await created(api.post('/api/v1/repositories', { provider: 'GITHUB', fullName: `fuzz/${org.organization.slug}` }), 'repository');
  const relation = (relations.body as { blocks: { relationId?: string; id: string }[] }).blocks?.[0];
  const records: Records = {
    workItem,
    comment,
    relation: { id: relation?.relationId ?? relation?.id ?? other.id },
    intake,
    annualGoal,
    productGoal,
    planningCycle,
    ckr,
    keyResult: { id: ckr.keyResults[0].id },
    opportunity,
    solution,
    experiment,
    interview,
    insight,
    sprint,
    changelog,
    webhook,
    delivery,
    apiKey,
    repository,
  };
  const ids = new Set<string>([org.organization.id, org.admin.id, other.id, ...Object.values(records).map((r) => r.id)]);
  return { org, records, ids };
}
