/**
 * Work-item classification across services: delivery-intake derives it from strategy-discovery's
 * records and follows their changes through the internal events on the event stream.
 */
import { createOrganization } from './support/client';
import { eventually } from './support/eventually';
import { API, createCkr, ok, strategyBasics } from './support/strategy-fixtures';

describe('work-item classification from strategy records', () => {
  it('is ckr for a direct OKR link and follows an opportunity through promotion', async () => {
    const org = await createOrganization();
    const basics = await strategyBasics(org.api);
    const ckr = await createCkr(org.api, basics);

    const direct = await ok(org.api.post(`${API}/work-items`, { title: 'Direct', type: 'TASK', ckrId: ckr.id }));
    expect(direct.classification).toBe('ckr');
    expect((await ok(org.api.get(`${API}/work-items?classification=ckr`))).map((w: { id: string }) => w.id)).toEqual([direct.id]);

    const opportunity = await ok(org.api.post(`${API}/opportunities`, { title: 'Faster onboarding' }));
    const solution = await ok(org.api.post(`${API}/solutions`, { title: 'Guided setup', opportunityId: opportunity.id }));
    const viaSolution = await ok(org.api.post(`${API}/work-items`, { title: 'Through a solution', type: 'STORY', solutionId: solution.id }));
    const maintenance = await ok(org.api.post(`${API}/work-items`, { title: 'Patch', type: 'BUG', maintenanceCategory: 'HOTFIX', opportunityId: opportunity.id }));
    expect(viaSolution.classification).toBe('unclassified');
    expect(maintenance.classification).toBe('maintenance');

    const promoted = await ok(org.api.post(`${API}/opportunities/${opportunity.id}/promote`, { planningCycleIds: [basics.planningCycleId], annualGoalId: basics.annualGoalId }));
    const newCkrId = promoted.ckr.id;

    const after = await eventually(
      () => ok(org.api.get(`${API}/work-items/${viaSolution.id}`)),
      { until: (item) => item.classification === 'ckr' },
    );
    expect(after.classification).toBe('ckr');
    // The consumer stores each linked item in a transaction of its own: the second may follow later.
    const maintenanceAfter = await eventually(
      () => ok(org.api.get(`${API}/work-items/${maintenance.id}`)),
      { until: (item) => item.classification === 'ckr' },
    );
    expect(maintenanceAfter.classification).toBe('ckr');
    const underNewCkr = await ok(org.api.get(`${API}/work-items?ckrId=${newCkrId}`));
    expect(underNewCkr.map((w: { id: string }) => w.id).sort()).toEqual([viaSolution.id, maintenance.id].sort());
  });

  it('is ckr for an experiment link, whose OKR is required', async () => {
    const org = await createOrganization();
    const ckr = await createCkr(org.api, await strategyBasics(org.api));
    const experiment = await ok(org.api.post(`${API}/experiments`, { title: 'Try pricing', ckrId: ckr.id }));
    const item = await ok(org.api.post(`${API}/work-items`, { title: 'Build the variant', type: 'TASK', experimentId: experiment.id, experimentKind: 'TEST' }));
    expect(item.classification).toBe('ckr');
    expect((await ok(org.api.patch(`${API}/work-items/${item.id}`, { experimentId: null }))).classification).toBe('unclassified');
  });

  it("refuses another organization's strategy records as references", async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const ckr = await createCkr(a.api, await strategyBasics(a.api));
    const response = await b.api.post(`${API}/work-items`, { title: 'Sneaky', type: 'TASK', ckrId: ckr.id });
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveProperty('ckrId');
  });
});
