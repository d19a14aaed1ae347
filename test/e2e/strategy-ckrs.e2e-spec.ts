import { createMember, createOrganization } from './support/client';
import { CKR_SHAPE } from './support/shapes-strategy';
import { shapeViolations } from './support/shapes';
import { API, OTHER_UUID, createCkr, listCount, ok, strategyBasics, text } from './support/strategy-fixtures';

const BASE = `${API}/ckrs`;

describe('strategy: OKRs (/ckrs)', () => {
  it('creates with defaults; every contract field is present with its type', async () => {
    const org = await createOrganization();
    const basics = await strategyBasics(org.api);
    const response = await org.api.post(BASE, { title: 'Win', annualGoalId: basics.annualGoalId, planningCycleIds: [basics.planningCycleId] });
    expect(response.status).toBe(200);
    expect(shapeViolations(response.body, CKR_SHAPE)).toEqual([]);
    expect(response.body).toMatchObject({
      key: 'OKR-1',
      title: 'Win',
      annualGoalId: basics.annualGoalId,
      productGoalId: null,
      planningCycleIds: [basics.planningCycleId],
      ownerId: null,
      description: null,
      confidence: 3,
      status: 'DRAFT',
      keyResults: [],
    });
  });

  it('stores every optional field, key results in order', async () => {
    const org = await createOrganization();
    const pm = await createMember(org, 'PM');
    const basics = await strategyBasics(org.api);
    const productGoal = await ok(org.api.post(`${API}/product-goals`, { title: 'Onboarding', annualGoalId: basics.annualGoalId }));
    const second = await ok(org.api.post(`${API}/planning-cycles`, { name: 'Q2' }));
    const body = {
      title: 'Activate',
      annualGoalId: basics.annualGoalId,
      planningCycleIds: [basics.planningCycleId, second.id],
      productGoalId: productGoal.id,
      description: text(5000),
      ownerId: pm.user.id,
      confidence: 5,
      keyResults: [
        { title: 'Activation', metric: text(120), targetValue: 40.5, currentValue: 12, unit: text(40) },
        { title: 'NPS' },
      ],
    };
    const response = await org.api.post(BASE, body);
    expect(response.status).toBe(200);
    expect(shapeViolations(response.body, CKR_SHAPE)).toEqual([]);
    const { keyResults, ...fields } = body;
    expect(response.body).toMatchObject(fields);
    expect(response.body.keyResults).toEqual([
      { id: expect.any(String), ...keyResults[0], status: 'ON_TRACK' },
      { id: expect.any(String), title: 'NPS', metric: null, targetValue: null, currentValue: null, unit: null, status: 'ON_TRACK' },
    ]);
  });

  it('fetches by uuid and by key in any case', async () => {
    const org = await createOrganization();
    const created = await createCkr(org.api, await strategyBasics(org.api));
    for (const ref of [created.id, 'OKR-1', 'okr-1']) expect(await ok(org.api.get(`${BASE}/${ref}`))).toEqual(created);
    expect((await org.api.get(`${BASE}/OKR-2`)).status).toBe(404);
    expect((await org.api.get(`${BASE}/WI-1`)).status).toBe(404);
    expect((await org.api.get(`${BASE}/${OTHER_UUID}`)).status).toBe(404);
  });

  it('lists with status, planningCycleId and annualGoalId filters and cursor paging', async () => {
    const org = await createOrganization();
    const basics = await strategyBasics(org.api);
    const otherGoal = await ok(org.api.post(`${API}/annual-goals`, { title: 'Other goal' }));
    const otherCycle = await ok(org.api.post(`${API}/planning-cycles`, { name: 'Other cycle' }));
    const a = await createCkr(org.api, basics, { status: 'ACTIVE' });
    const b = await createCkr(org.api, { annualGoalId: otherGoal.id, planningCycleId: basics.planningCycleId });
    const c = await createCkr(org.api, { annualGoalId: basics.annualGoalId, planningCycleId: otherCycle.id });
    const ids = async (query: string) => (await ok(org.api.get(`${BASE}${query}`))).map((x: { id: string }) => x.id);
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('?status=ACTIVE')).toEqual([a.id]);
    expect(await ids('?status=DRAFT')).toEqual([b.id, c.id]);
    expect(await ids(`?planningCycleId=${otherCycle.id}`)).toEqual([c.id]);
    expect(await ids(`?annualGoalId=${otherGoal.id}`)).toEqual([b.id]);
    const first = await org.api.get(`${BASE}?limit=2`);
    expect(first.body.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await org.api.get(`${BASE}?limit=2&cursor=${cursor}`);
    expect(second.body.map((x: { id: string }) => x.id)).toEqual([c.id]);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect((await org.api.get(`${BASE}?status=NOPE`)).status).toBe(400);
    expect((await org.api.get(`${BASE}?planningCycleId=nope`)).status).toBe(400);
  });

  it('patches fields, clears nullable ones and refuses null where required', async () => {
    const org = await createOrganization();
    const basics = await strategyBasics(org.api);
    const created = await createCkr(org.api, basics, { description: 'Old', keyResults: [{ title: 'KR' }] });
    const patched = await org.api.patch(`${BASE}/${created.key}`, { title: 'New title', status: 'AT_RISK', confidence: 2, description: null });
    expect(patched.status).toBe(200);
    expect(shapeViolations(patched.body, CKR_SHAPE)).toEqual([]);
    expect(patched.body).toMatchObject({ title: 'New title', status: 'AT_RISK', confidence: 2, description: null, keyResults: created.keyResults });
    for (const body of [{ title: null }, { planningCycleIds: [] }, { confidence: 6 }, { status: 'DONE' }, { annualGoalId: null }, { keyResults: [] }]) {
      const response = await org.api.patch(`${BASE}/${created.id}`, body);
      expect(response.status).toBe(400);
      expect(response.body.details).toBeDefined();
    }
    expect(await ok(org.api.get(`${BASE}/${created.id}`))).toMatchObject({ title: 'New title', status: 'AT_RISK' });
  });

  it('patches a key result: currentValue, status and targetValue', async () => {
    const org = await createOrganization();
    const created = await createCkr(org.api, await strategyBasics(org.api), { keyResults: [{ title: 'Activation', targetValue: 40 }, { title: 'NPS' }] });
    const [kr, other] = created.keyResults;
    const response = await org.api.patch(`${BASE}/${created.id}/key-results/${kr.id}`, { currentValue: 22.5, status: 'AT_RISK', targetValue: 45 });
    expect(response.status).toBe(200);
    expect(shapeViolations(response.body, CKR_SHAPE)).toEqual([]);
    expect(response.body.keyResults).toEqual([{ ...kr, currentValue: 22.5, status: 'AT_RISK', targetValue: 45 }, other]);
    expect((await org.api.patch(`${BASE}/${created.id}/key-results/${kr.id}`, { status: 'DONE' })).status).toBe(400);
    expect((await org.api.patch(`${BASE}/${created.id}/key-results/${kr.id}`, { title: 'Renamed' })).status).toBe(400);
    expect((await org.api.patch(`${BASE}/${created.id}/key-results/${OTHER_UUID}`, { currentValue: 1 })).status).toBe(404);
    expect((await org.api.patch(`${BASE}/${created.id}/key-results/nope`, { currentValue: 1 })).status).toBe(404);
    const cleared = await ok(org.api.patch(`${BASE}/${created.id}/key-results/${kr.id}`, { currentValue: null }));
    expect(cleared.keyResults[0].currentValue).toBeNull();
  });

  describe('bad input gets 400 with details and writes nothing', () => {
    it.each([
      ['planningCycleIds: []', { planningCycleIds: [] }, 'planningCycleIds'],
      ['no planningCycleIds', { planningCycleIds: undefined }, 'planningCycleIds'],
      ['no annualGoalId', { annualGoalId: undefined }, 'annualGoalId'],
      ['a key-result title of 1 character', { keyResults: [{ title: 'x' }] }, 'keyResults.0.title'],
      ['a key-result title of 201 characters', { keyResults: [{ title: text(201) }] }, 'keyResults.0.title'],
      ['a metric of 121 characters', { keyResults: [{ title: 'KR', metric: text(121) }] }, 'keyResults.0.metric'],
      ['a unit of 41 characters', { keyResults: [{ title: 'KR', unit: text(41) }] }, 'keyResults.0.unit'],
      ['a key result with an unknown field', { keyResults: [{ title: 'KR', owner: 'me' }] }, 'keyResults.0.owner'],
      ['a targetValue that is not a number', { keyResults: [{ title: 'KR', targetValue: '40' }] }, 'keyResults.0.targetValue'],
      ['confidence 0', { confidence: 0 }, 'confidence'],
      ['confidence 6', { confidence: 6 }, 'confidence'],
      ['confidence 2.5', { confidence: 2.5 }, 'confidence'],
      ['a title of 1 character', { title: 'x' }, 'title'],
      ['a title of 201 characters', { title: text(201) }, 'title'],
      ['a description of 5001 characters', { description: text(5001) }, 'description'],
      ['a status outside the enum', { status: 'DONE' }, 'status'],
      ['a planning cycle id that is not a uuid', { planningCycleIds: ['nope'] }, 'planningCycleIds'],
      ['an unknown field', { color: 'red' }, 'color'],
    ])('%s', async (_name, change, field) => {
      const org = await createOrganization();
      const basics = await strategyBasics(org.api);
      const body = { title: 'Valid', annualGoalId: basics.annualGoalId, planningCycleIds: [basics.planningCycleId], ...change };
      const response = await org.api.post(BASE, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('BadRequest');
      expect(response.body.details).toHaveProperty([field]);
      expect(await listCount(org.api, 'ckrs')).toBe(0);
    });

    it('accepts titles of exactly 2 and 200 characters and key-result limits at their edge', async () => {
      const org = await createOrganization();
      const basics = await strategyBasics(org.api);
      for (const title of [text(2), text(200)]) {
        const response = await org.api.post(BASE, {
          title,
          annualGoalId: basics.annualGoalId,
          planningCycleIds: [basics.planningCycleId],
          confidence: 1,
          keyResults: [{ title, metric: text(120), unit: text(40) }],
        });
        expect(response.status).toBe(200);
      }
    });

    it('ids that name nothing of the organization', async () => {
      const org = await createOrganization();
      const other = await createOrganization();
      const theirs = await strategyBasics(other.api);
      const theirProductGoal = await ok(other.api.post(`${API}/product-goals`, { title: 'Theirs' }));
      const mine = await strategyBasics(org.api);
      const response = await org.api.post(BASE, {
        title: 'Sneaky',
        annualGoalId: theirs.annualGoalId,
        planningCycleIds: [mine.planningCycleId, theirs.planningCycleId],
        productGoalId: theirProductGoal.id,
        ownerId: other.admin.id,
      });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.details).sort()).toEqual(['annualGoalId', 'ownerId', 'planningCycleIds', 'productGoalId']);
      expect(await listCount(org.api, 'ckrs')).toBe(0);
      const created = await createCkr(org.api, mine);
      const patch = await org.api.patch(`${BASE}/${created.id}`, { planningCycleIds: [theirs.planningCycleId], ownerId: other.admin.id });
      expect(patch.status).toBe(400);
      expect(Object.keys(patch.body.details).sort()).toEqual(['ownerId', 'planningCycleIds']);
      expect(await ok(org.api.get(`${BASE}/${created.id}`))).toEqual(created);
    });
  });

  it("isolates organizations: another organization's OKR is 404 on every {id} route", async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    const created = await createCkr(org.api, await strategyBasics(org.api), { keyResults: [{ title: 'KR' }] });
    expect((await other.api.get(`${BASE}/${created.id}`)).status).toBe(404);
    expect((await other.api.get(`${BASE}/${created.key}`)).status).toBe(404);
    expect((await other.api.patch(`${BASE}/${created.id}`, { title: 'Hijack' })).status).toBe(404);
    expect((await other.api.patch(`${BASE}/${created.id}/key-results/${created.keyResults[0].id}`, { currentValue: 1 })).status).toBe(404);
    expect(await listCount(other.api, 'ckrs')).toBe(0);
    expect(await ok(org.api.get(`${BASE}/${created.id}`))).toEqual(created);
  });
});
