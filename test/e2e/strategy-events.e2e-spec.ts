import { createOrganization } from './support/client';
import { EventRecorder, itInDistributedRun } from './support/events';
import { API, createCkr, ok, strategyBasics } from './support/strategy-fixtures';

describe('strategy: changes and their events', () => {
  it('a PATCH that changes nothing keeps the record (and its updatedAt) as it was', async () => {
    const org = await createOrganization();
    const ckr = await createCkr(org.api, await strategyBasics(org.api), { keyResults: [{ title: 'KR', targetValue: 5 }] });
    expect(await ok(org.api.patch(`${API}/ckrs/${ckr.id}`, { title: ckr.title, confidence: ckr.confidence }))).toEqual(ckr);
    expect(await ok(org.api.patch(`${API}/ckrs/${ckr.id}/key-results/${ckr.keyResults[0].id}`, { targetValue: 5 }))).toEqual(ckr);
    const opp = await ok(org.api.post(`${API}/opportunities`, { title: 'Same', impact: 4 }));
    expect(await ok(org.api.patch(`${API}/opportunities/${opp.id}`, { impact: 4 }))).toEqual(opp);
  });

  itInDistributedRun('publishes each event exactly once per change on JetStream, with the record as the API returns it', async () => {
    const org = await createOrganization();
    const recorder = await EventRecorder.start(org.organization.id);
    try {
      const basics = await strategyBasics(org.api);
      const ckr = await createCkr(org.api, basics, { keyResults: [{ title: 'KR' }] });
      const renamed = await ok(org.api.patch(`${API}/ckrs/${ckr.id}`, { title: 'Renamed' }));
      await ok(org.api.patch(`${API}/ckrs/${ckr.id}`, { title: 'Renamed' }));
      const measured = await ok(org.api.patch(`${API}/ckrs/${ckr.id}/key-results/${ckr.keyResults[0].id}`, { currentValue: 3 }));

      const opp = await ok(org.api.post(`${API}/opportunities`, { title: 'Evented' }));
      const solution = await ok(org.api.post(`${API}/opportunities/${opp.id}/solutions`, { title: 'Idea' }));
      const selected = await ok(org.api.patch(`${API}/solutions/${solution.id}`, { status: 'SELECTED' }));
      const promoted = await ok(
        org.api.post(`${API}/opportunities/${opp.id}/promote`, { planningCycleIds: [basics.planningCycleId], annualGoalId: basics.annualGoalId }),
      );
      expect((await org.api.post(`${API}/opportunities/${opp.id}/promote`, { planningCycleIds: [basics.planningCycleId] })).status).toBe(409);

      const experiment = await ok(org.api.post(`${API}/experiments`, { title: 'Test it', ckrId: ckr.id }));
      const concluded = await ok(org.api.post(`${API}/experiments/${experiment.id}/conclude`, { outcome: 'SUCCEEDED' }));
      expect((await org.api.post(`${API}/experiments/${experiment.id}/conclude`)).status).toBe(409);

      const forCkr = await recorder.settled((e) => e.data.id === ckr.id, 3);
      expect(forCkr.map((e) => e.event)).toEqual(['ckr.created', 'ckr.updated', 'ckr.updated']);
      expect(forCkr.map((e) => e.data)).toEqual([ckr, renamed, measured]);
      expect(forCkr[0]).toMatchObject({ apiVersion: '2026-07-13', organizationId: org.organization.id });
      expect(new Set(forCkr.map((e) => e.id)).size).toBe(3);

      const forPromotedCkr = await recorder.settled((e) => e.data.id === promoted.ckr.id, 1);
      expect(forPromotedCkr.map((e) => [e.event, e.data])).toEqual([['ckr.created', promoted.ckr]]);

      const forOpp = await recorder.settled((e) => e.data.id === opp.id, 3);
      expect(forOpp.map((e) => [e.event, e.data])).toEqual([
        ['opportunity.created', opp],
        ['opportunity.updated', opp],
        ['opportunity.updated', promoted.opportunity],
      ]);

      const forSolution = await recorder.settled((e) => e.data.id === solution.id, 2);
      expect(forSolution.map((e) => [e.event, e.data])).toEqual([
        ['solution.updated', solution],
        ['solution.updated', selected],
      ]);

      const forExperiment = await recorder.settled((e) => e.data.id === experiment.id, 3);
      expect(forExperiment.map((e) => [e.event, e.data])).toEqual([
        ['experiment.updated', experiment],
        ['experiment.concluded', concluded],
        ['experiment.updated', concluded],
      ]);
      expect(new Set(recorder.envelopes.map((e) => e.id)).size).toBe(recorder.envelopes.length);
    } finally {
      await recorder.close();
    }
  });
});
