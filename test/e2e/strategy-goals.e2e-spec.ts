import { createOrganization } from './support/client';
import { ANNUAL_GOAL_SHAPE, PLANNING_CYCLE_SHAPE, PRODUCT_GOAL_SHAPE } from './support/shapes-strategy';
import { shapeViolations } from './support/shapes';
import { API, OTHER_UUID, listCount, ok, text } from './support/strategy-fixtures';

describe('strategy: annual goals, product goals, planning cycles', () => {
  it('creates, reads, lists and patches annual goals with their explanation', async () => {
    const org = await createOrganization();
    const created = await org.api.post(`${API}/annual-goals`, { title: 'Grow', description: 'ARR x2', explanation: 'The board asked', year: 2026 });
    expect(created.status).toBe(200);
    expect(shapeViolations(created.body, ANNUAL_GOAL_SHAPE)).toEqual([]);
    expect(created.body).toMatchObject({ title: 'Grow', description: 'ARR x2', explanation: 'The board asked', year: 2026 });
    expect((await ok(org.api.get(`${API}/annual-goals/${created.body.id}`))).id).toBe(created.body.id);
    const patched = await ok(org.api.patch(`${API}/annual-goals/${created.body.id}`, { explanation: null, title: 'Grow more' }));
    expect(patched).toMatchObject({ title: 'Grow more', explanation: null, description: 'ARR x2' });
    const bare = await ok(org.api.post(`${API}/annual-goals`, { title: 'Bare' }));
    expect(bare).toMatchObject({ description: null, explanation: null, year: null });
    expect((await ok(org.api.get(`${API}/annual-goals`))).map((g: { id: string }) => g.id)).toEqual([created.body.id, bare.id]);
  });

  it('product goals point at an annual goal of the organization', async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    const annual = await ok(org.api.post(`${API}/annual-goals`, { title: 'Grow' }));
    const theirs = await ok(other.api.post(`${API}/annual-goals`, { title: 'Theirs' }));
    const created = await org.api.post(`${API}/product-goals`, { title: 'Onboarding', annualGoalId: annual.id, explanation: 'Activation lags' });
    expect(created.status).toBe(200);
    expect(shapeViolations(created.body, PRODUCT_GOAL_SHAPE)).toEqual([]);
    expect(created.body).toMatchObject({ annualGoalId: annual.id, explanation: 'Activation lags' });
    const bad = await org.api.post(`${API}/product-goals`, { title: 'Bad', annualGoalId: theirs.id });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toHaveProperty('annualGoalId');
    expect((await org.api.patch(`${API}/product-goals/${created.body.id}`, { annualGoalId: theirs.id })).status).toBe(400);
    expect(await ok(org.api.patch(`${API}/product-goals/${created.body.id}`, { annualGoalId: null }))).toMatchObject({ annualGoalId: null });
    expect(await listCount(org.api, 'product-goals')).toBe(1);
    expect((await ok(org.api.get(`${API}/product-goals/${created.body.id}`))).title).toBe('Onboarding');
  });

  it('planning cycles keep calendar dates and refuse an end before the start', async () => {
    const org = await createOrganization();
    const created = await org.api.post(`${API}/planning-cycles`, { name: 'Q1', startDate: '2026-01-01', endDate: '2026-03-31' });
    expect(created.status).toBe(200);
    expect(shapeViolations(created.body, PLANNING_CYCLE_SHAPE)).toEqual([]);
    expect(created.body).toMatchObject({ name: 'Q1', startDate: '2026-01-01', endDate: '2026-03-31' });
    expect((await org.api.post(`${API}/planning-cycles`, { name: 'Backwards', startDate: '2026-03-01', endDate: '2026-01-01' })).status).toBe(400);
    expect((await org.api.post(`${API}/planning-cycles`, { name: 'Bad date', startDate: '2026-02-30' })).status).toBe(400);
    expect((await org.api.patch(`${API}/planning-cycles/${created.body.id}`, { endDate: '2025-12-31' })).status).toBe(400);
    const patched = await ok(org.api.patch(`${API}/planning-cycles/${created.body.id}`, { name: 'Q1 2026', endDate: null }));
    expect(patched).toMatchObject({ name: 'Q1 2026', startDate: '2026-01-01', endDate: null });
    expect(await listCount(org.api, 'planning-cycles')).toBe(1);
    expect((await ok(org.api.get(`${API}/planning-cycles/${created.body.id}`))).name).toBe('Q1 2026');
  });

  it.each([
    ['annual-goals', 'title'],
    ['product-goals', 'title'],
    ['planning-cycles', 'name'],
  ])('%s: %s of 2 and 200 characters pass, 1 and 201 fail, unknown fields are refused', async (path, field) => {
    const org = await createOrganization();
    expect((await org.api.post(`${API}/${path}`, { [field]: text(2) })).status).toBe(200);
    expect((await org.api.post(`${API}/${path}`, { [field]: text(200) })).status).toBe(200);
    for (const body of [{ [field]: text(1) }, { [field]: text(201) }, {}, { [field]: 'Ok', bogus: 1 }]) {
      const response = await org.api.post(`${API}/${path}`, body);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.details).length).toBeGreaterThan(0);
    }
    expect(await listCount(org.api, path)).toBe(2);
  });

  it.each([['annual-goals'], ['product-goals'], ['planning-cycles']])('%s/{id}: another organization gets 404', async (path) => {
    const org = await createOrganization();
    const other = await createOrganization();
    const body = path === 'planning-cycles' ? { name: 'Mine' } : { title: 'Mine' };
    const mine = await ok(org.api.post(`${API}/${path}`, body));
    expect((await other.api.get(`${API}/${path}/${mine.id}`)).status).toBe(404);
    expect((await other.api.patch(`${API}/${path}/${mine.id}`, body)).status).toBe(404);
    expect((await org.api.get(`${API}/${path}/${OTHER_UUID}`)).status).toBe(404);
    expect((await org.api.get(`${API}/${path}/not-an-id`)).status).toBe(404);
    expect(await listCount(other.api, path)).toBe(0);
  });
});
