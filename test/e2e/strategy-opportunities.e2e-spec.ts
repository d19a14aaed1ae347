import { createMember, createOrganization } from './support/client';
import { CKR_SHAPE, OPPORTUNITY_SHAPE, SOLUTION_SHAPE } from './support/shapes-strategy';
import { shapeViolations } from './support/shapes';
import { API, OTHER_UUID, createCkr, listCount, ok, strategyBasics, text } from './support/strategy-fixtures';

const BASE = `${API}/opportunities`;

describe('strategy: opportunities', () => {
  it('creates with defaults; every contract field is present with its type', async () => {
    const org = await createOrganization();
    const response = await org.api.post(BASE, { title: 'Onboarding is slow' });
    expect(response.status).toBe(200);
    expect(shapeViolations(response.body, OPPORTUNITY_SHAPE)).toEqual([]);
    expect(response.body).toMatchObject({
      key: 'OPP-1',
      title: 'Onboarding is slow',
      productGoalId: null,
      ckrId: null,
      description: null,
      priority: 'MEDIUM',
      impact: 3,
      confidence: 3,
      reach: null,
      effort: null,
      score: 9,
      riceScore: null,
      status: 'NEW',
      ownerId: null,
      isMirror: false,
      insightIds: [],
    });
  });

  it('stores every optional field and computes score = impact × confidence, RICE = reach × impact × confidence/5 ÷ effort', async () => {
    const org = await createOrganization();
    const pm = await createMember(org, 'PM');
    const basics = await strategyBasics(org.api);
    const ckr = await createCkr(org.api, basics);
    const productGoal = await ok(org.api.post(`${API}/product-goals`, { title: 'Activation' }));
    const insight = await ok(org.api.post(`${API}/insights`, { title: 'Users get lost' }));
    const body = {
      title: 'Guided setup',
      productGoalId: productGoal.id,
      ckrId: ckr.id,
      description: 'Many drop off',
      priority: 'HIGH',
      impact: 5,
      confidence: 4,
      reach: 1000,
      effort: 2,
      ownerId: pm.user.id,
      insightIds: [insight.id],
    };
    const response = await org.api.post(BASE, body);
    expect(response.status).toBe(200);
    expect(shapeViolations(response.body, OPPORTUNITY_SHAPE)).toEqual([]);
    expect(response.body).toMatchObject({ ...body, score: 20, riceScore: 2000 });
    const fractional = await ok(org.api.post(BASE, { title: 'Fractional', impact: 1, confidence: 1, reach: 1, effort: 3 }));
    expect(fractional).toMatchObject({ score: 1, riceScore: 0.07 });
    const zeroReach = await ok(org.api.post(BASE, { title: 'Nobody', reach: 0, effort: 1 }));
    expect(zeroReach).toMatchObject({ riceScore: 0 });
  });

  it('fetches by uuid and key, lists with status, ckrId and productGoalId filters, patches', async () => {
    const org = await createOrganization();
    const ckr = await createCkr(org.api, await strategyBasics(org.api));
    const goal = await ok(org.api.post(`${API}/product-goals`, { title: 'Goal' }));
    const a = await ok(org.api.post(BASE, { title: 'Opp A', ckrId: ckr.id }));
    const b = await ok(org.api.post(BASE, { title: 'Opp B', productGoalId: goal.id }));
    for (const ref of [a.id, 'OPP-1', 'opp-1']) expect(await ok(org.api.get(`${BASE}/${ref}`))).toEqual(a);
    const patched = await org.api.patch(`${BASE}/${b.key}`, { status: 'EXPLORING', reach: 10, effort: 5, impact: 4, description: 'Now' });
    expect(patched.status).toBe(200);
    expect(shapeViolations(patched.body, OPPORTUNITY_SHAPE)).toEqual([]);
    expect(patched.body).toMatchObject({ status: 'EXPLORING', reach: 10, effort: 5, score: 12, riceScore: 4.8, description: 'Now' });
    const ids = async (query: string) => (await ok(org.api.get(`${BASE}${query}`))).map((x: { id: string }) => x.id);
    expect(await ids('')).toEqual([a.id, b.id]);
    expect(await ids('?status=EXPLORING')).toEqual([b.id]);
    expect(await ids('?status=NEW,EXPLORING')).toEqual([a.id, b.id]);
    expect(await ids(`?ckrId=${ckr.id}`)).toEqual([a.id]);
    expect(await ids(`?productGoalId=${goal.id}`)).toEqual([b.id]);
    expect(await ids('?limit=1')).toEqual([a.id]);
    const cleared = await ok(org.api.patch(`${BASE}/${b.id}`, { reach: null, productGoalId: null }));
    expect(cleared).toMatchObject({ reach: null, riceScore: null, productGoalId: null });
    for (const body of [{ status: 'PROMOTED' }, { title: null }, { effort: 0 }, { reach: -1 }, { impact: 6 }]) {
      expect((await org.api.patch(`${BASE}/${b.id}`, body)).status).toBe(400);
    }
  });

  describe('bad input gets 400 with details and writes nothing', () => {
    it.each([
      ['reach -1', { reach: -1 }, 'reach'],
      ['effort 0', { effort: 0 }, 'effort'],
      ['reach 1.5', { reach: 1.5 }, 'reach'],
      ['impact 0', { impact: 0 }, 'impact'],
      ['impact 6', { impact: 6 }, 'impact'],
      ['confidence 0', { confidence: 0 }, 'confidence'],
      ['confidence 6', { confidence: 6 }, 'confidence'],
      ['confidence 2.5', { confidence: 2.5 }, 'confidence'],
      ['priority outside the enum', { priority: 'URGENT' }, 'priority'],
      ['a title of 1 character', { title: 'x' }, 'title'],
      ['a title of 201 characters', { title: text(201) }, 'title'],
      ['no title', { title: undefined }, 'title'],
      ['insightIds that are not uuids', { insightIds: ['nope'] }, 'insightIds'],
      ['status on create', { status: 'NEW' }, 'status'],
      ['isMirror on create', { isMirror: true }, 'isMirror'],
    ])('%s', async (_name, change, field) => {
      const org = await createOrganization();
      const response = await org.api.post(BASE, { title: 'Valid', ...change });
      expect(response.status).toBe(400);
      expect(response.body.details).toHaveProperty([field]);
      expect(await listCount(org.api, 'opportunities')).toBe(0);
    });

    it('accepts the edges: titles of 2 and 200, reach 0, effort 1, impact and confidence 1 and 5', async () => {
      const org = await createOrganization();
      for (const body of [
        { title: text(2), reach: 0, effort: 1, impact: 1, confidence: 1 },
        { title: text(200), impact: 5, confidence: 5 },
      ]) {
        expect((await org.api.post(BASE, body)).status).toBe(200);
      }
    });

    it('ids that name nothing of the organization', async () => {
      const org = await createOrganization();
      const other = await createOrganization();
      const theirCkr = await createCkr(other.api, await strategyBasics(other.api));
      const theirGoal = await ok(other.api.post(`${API}/product-goals`, { title: 'Theirs' }));
      const theirInsight = await ok(other.api.post(`${API}/insights`, { title: 'Theirs' }));
      const response = await org.api.post(BASE, {
        title: 'Sneaky',
        ckrId: theirCkr.id,
        productGoalId: theirGoal.id,
        insightIds: [theirInsight.id],
        ownerId: other.admin.id,
      });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.details).sort()).toEqual(['ckrId', 'insightIds', 'ownerId', 'productGoalId']);
      expect(await listCount(org.api, 'opportunities')).toBe(0);
    });
  });

  describe('promote', () => {
    it('turns a draft into an OKR with the body key results and cycles; the opportunity points at it', async () => {
      const org = await createOrganization();
      const pm = await createMember(org, 'PM');
      const basics = await strategyBasics(org.api);
      const productGoal = await ok(org.api.post(`${API}/product-goals`, { title: 'Activation', annualGoalId: basics.annualGoalId }));
      const opp = await ok(org.api.post(BASE, { title: 'Guided setup', description: 'Drop-off', productGoalId: productGoal.id }));
      const response = await pm.api.post(`${BASE}/${opp.key}/promote`, {
        planningCycleIds: [basics.planningCycleId],
        ownerId: pm.user.id,
        confidence: 4,
        keyResults: [{ title: 'Activation 40%', metric: 'activation', targetValue: 40, currentValue: 20, unit: '%' }],
      });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(['ckr', 'opportunity']);
      const { opportunity, ckr } = response.body;
      expect(shapeViolations(opportunity, OPPORTUNITY_SHAPE)).toEqual([]);
      expect(shapeViolations(ckr, CKR_SHAPE)).toEqual([]);
      expect(opportunity).toMatchObject({ id: opp.id, status: 'PROMOTED', ckrId: ckr.id });
      expect(ckr).toMatchObject({
        key: 'OKR-1',
        title: 'Guided setup',
        description: 'Drop-off',
        annualGoalId: basics.annualGoalId,
        productGoalId: productGoal.id,
        planningCycleIds: [basics.planningCycleId],
        ownerId: pm.user.id,
        confidence: 4,
        status: 'DRAFT',
      });
      expect(ckr.keyResults).toEqual([
        { id: expect.any(String), title: 'Activation 40%', metric: 'activation', targetValue: 40, currentValue: 20, unit: '%', status: 'ON_TRACK' },
      ]);
      expect(await ok(org.api.get(`${API}/ckrs/${ckr.id}`))).toEqual(ckr);
      expect(await ok(org.api.get(`${BASE}/${opp.id}`))).toEqual(opportunity);
    });

    it('takes annualGoalId from the body when the opportunity has no product goal, else 400', async () => {
      const org = await createOrganization();
      const basics = await strategyBasics(org.api);
      const opp = await ok(org.api.post(BASE, { title: 'Orphan' }));
      const missing = await org.api.post(`${BASE}/${opp.id}/promote`, { planningCycleIds: [basics.planningCycleId] });
      expect(missing.status).toBe(400);
      expect(missing.body.details).toHaveProperty('annualGoalId');
      expect(await listCount(org.api, 'ckrs')).toBe(0);
      const promoted = await ok(org.api.post(`${BASE}/${opp.id}/promote`, { planningCycleIds: [basics.planningCycleId], annualGoalId: basics.annualGoalId }));
      expect(promoted.ckr).toMatchObject({ annualGoalId: basics.annualGoalId, confidence: 3, keyResults: [] });
    });

    it('promotes from NEW, EXPLORING and VALIDATED; PROMOTED and DISCARDED get 409', async () => {
      const org = await createOrganization();
      const basics = await strategyBasics(org.api);
      const body = { planningCycleIds: [basics.planningCycleId], annualGoalId: basics.annualGoalId };
      for (const status of ['NEW', 'EXPLORING', 'VALIDATED']) {
        const opp = await ok(org.api.post(BASE, { title: status }));
        if (status !== 'NEW') await ok(org.api.patch(`${BASE}/${opp.id}`, { status }));
        expect((await org.api.post(`${BASE}/${opp.id}/promote`, body)).status).toBe(200);
        const again = await org.api.post(`${BASE}/${opp.id}/promote`, body);
        expect(again.status).toBe(409);
        expect(again.body.error).toBe('Conflict');
      }
      const discarded = await ok(org.api.post(BASE, { title: 'Dropped' }));
      await ok(org.api.patch(`${BASE}/${discarded.id}`, { status: 'DISCARDED' }));
      expect((await org.api.post(`${BASE}/${discarded.id}/promote`, body)).status).toBe(409);
      expect(await listCount(org.api, 'ckrs')).toBe(3);
    });

    /** Each case builds its body from valid ids; `undefined` sends no body at all. */
    type Ids = { planningCycleId: string; annualGoalId: string };
    const valid = (ids: Ids) => ({ planningCycleIds: [ids.planningCycleId], annualGoalId: ids.annualGoalId });
    it.each<[string, (ids: Ids) => object | undefined, string]>([
      ['no body', () => undefined, 'body'],
      ['an empty body', () => ({}), 'planningCycleIds'],
      ['empty planningCycleIds', (ids) => ({ ...valid(ids), planningCycleIds: [] }), 'planningCycleIds'],
      ['confidence 6', (ids) => ({ ...valid(ids), confidence: 6 }), 'confidence'],
      ['a key-result title of 1 character', (ids) => ({ ...valid(ids), keyResults: [{ title: 'x' }] }), 'keyResults.0.title'],
      ['a key-result unit of 41 characters', (ids) => ({ ...valid(ids), keyResults: [{ title: 'KR', unit: text(41) }] }), 'keyResults.0.unit'],
      ['an unknown field', (ids) => ({ ...valid(ids), title: 'Not here' }), 'title'],
    ])('%s: 400 with details, nothing written', async (_name, body, field) => {
      const org = await createOrganization();
      const basics = await strategyBasics(org.api);
      const opp = await ok(org.api.post(BASE, { title: 'Draft' }));
      const response = await org.api.post(`${BASE}/${opp.id}/promote`, body(basics));
      expect(response.status).toBe(400);
      expect(response.body.details).toHaveProperty([field]);
      expect(await listCount(org.api, 'ckrs')).toBe(0);
      expect(await ok(org.api.get(`${BASE}/${opp.id}`))).toEqual(opp);
    });

    it("refuses another organization's cycles, goal and owner with 400", async () => {
      const org = await createOrganization();
      const other = await createOrganization();
      const theirs = await strategyBasics(other.api);
      const opp = await ok(org.api.post(BASE, { title: 'Draft' }));
      const response = await org.api.post(`${BASE}/${opp.id}/promote`, {
        planningCycleIds: [theirs.planningCycleId],
        annualGoalId: theirs.annualGoalId,
        ownerId: other.admin.id,
      });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.details).sort()).toEqual(['annualGoalId', 'ownerId', 'planningCycleIds']);
      expect(await ok(org.api.get(`${BASE}/${opp.id}`))).toEqual(opp);
      // Also when the product goal would supply the annual goal.
      const goal = await ok(org.api.post(`${API}/product-goals`, { title: 'Goal', annualGoalId: (await strategyBasics(org.api)).annualGoalId }));
      const withGoal = await ok(org.api.post(BASE, { title: 'With goal', productGoalId: goal.id }));
      const ignored = await org.api.post(`${BASE}/${withGoal.id}/promote`, { planningCycleIds: [theirs.planningCycleId], annualGoalId: theirs.annualGoalId });
      expect(Object.keys(ignored.body.details).sort()).toEqual(['annualGoalId', 'planningCycleIds']);
      expect(await listCount(org.api, 'ckrs')).toBe(0);
    });
  });

  it("isolates organizations: another organization's opportunity is 404 on every {id} route", async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    const otherBasics = await strategyBasics(other.api);
    const opp = await ok(org.api.post(BASE, { title: 'Mine' }));
    expect((await other.api.get(`${BASE}/${opp.id}`)).status).toBe(404);
    expect((await other.api.patch(`${BASE}/${opp.id}`, { title: 'Hijack' })).status).toBe(404);
    const promote = await other.api.post(`${BASE}/${opp.id}/promote`, {
      planningCycleIds: [otherBasics.planningCycleId],
      annualGoalId: otherBasics.annualGoalId,
    });
    expect(promote.status).toBe(404);
    expect((await other.api.post(`${BASE}/${opp.id}/solutions`, { title: 'Hijack' })).status).toBe(404);
    expect((await org.api.get(`${BASE}/${OTHER_UUID}`)).status).toBe(404);
    expect(await ok(org.api.get(`${BASE}/${opp.id}`))).toEqual(opp);
    expect(await listCount(other.api, 'ckrs')).toBe(0);
  });
});

describe('strategy: solutions', () => {
  const SOLUTIONS = `${API}/solutions`;

  it('creates with defaults under an opportunity (POST /solutions and POST /opportunities/{id}/solutions)', async () => {
    const org = await createOrganization();
    const opp = await ok(org.api.post(BASE, { title: 'Problem' }));
    const response = await org.api.post(SOLUTIONS, { title: 'Wizard', opportunityId: opp.id });
    expect(response.status).toBe(200);
    expect(shapeViolations(response.body, SOLUTION_SHAPE)).toEqual([]);
    expect(response.body).toMatchObject({
      opportunityId: opp.id,
      title: 'Wizard',
      description: null,
      impact: 3,
      effort: 3,
      confidence: 3,
      status: 'PROPOSED',
    });
    const nested = await org.api.post(`${BASE}/${opp.key}/solutions`, { title: 'Video', description: null, impact: 5, effort: 1, confidence: 2 });
    expect(nested.status).toBe(200);
    expect(shapeViolations(nested.body, SOLUTION_SHAPE)).toEqual([]);
    expect(nested.body).toMatchObject({ opportunityId: opp.id, impact: 5, effort: 1, confidence: 2, description: null });
    expect((await org.api.post(`${BASE}/${opp.id}/solutions`, { title: 'Other', opportunityId: opp.id })).status).toBe(400);
    expect((await org.api.post(`${BASE}/${OTHER_UUID}/solutions`, { title: 'Nowhere' })).status).toBe(404);
  });

  it('gets, lists (with opportunityId filter) and patches', async () => {
    const org = await createOrganization();
    const a = await ok(org.api.post(BASE, { title: 'Opp A' }));
    const b = await ok(org.api.post(BASE, { title: 'Opp B' }));
    const s1 = await ok(org.api.post(SOLUTIONS, { title: 'One', opportunityId: a.id }));
    const s2 = await ok(org.api.post(SOLUTIONS, { title: 'Two', opportunityId: b.id }));
    expect(await ok(org.api.get(`${SOLUTIONS}/${s1.id}`))).toEqual(s1);
    expect((await ok(org.api.get(SOLUTIONS))).map((s: { id: string }) => s.id)).toEqual([s1.id, s2.id]);
    expect((await ok(org.api.get(`${SOLUTIONS}?opportunityId=${b.id}`))).map((s: { id: string }) => s.id)).toEqual([s2.id]);
    const patched = await org.api.patch(`${SOLUTIONS}/${s1.id}`, { status: 'SELECTED', effort: 5, description: 'Chosen' });
    expect(patched.status).toBe(200);
    expect(shapeViolations(patched.body, SOLUTION_SHAPE)).toEqual([]);
    expect(patched.body).toMatchObject({ status: 'SELECTED', effort: 5, description: 'Chosen' });
    for (const body of [{ status: 'DONE' }, { effort: 6 }, { title: 'x' }, { opportunityId: b.id }]) {
      expect((await org.api.patch(`${SOLUTIONS}/${s1.id}`, body)).status).toBe(400);
    }
    expect((await org.api.get(`${SOLUTIONS}/nope`)).status).toBe(404);
  });

  describe('bad input gets 400 with details and writes nothing', () => {
    it.each([
      ['no opportunityId', { opportunityId: undefined }, 'opportunityId'],
      ['opportunityId not a uuid', { opportunityId: 'OPP-1' }, 'opportunityId'],
      ['a title of 1 character', { title: 'x' }, 'title'],
      ['a title of 201 characters', { title: text(201) }, 'title'],
      ['impact 0', { impact: 0 }, 'impact'],
      ['effort 6', { effort: 6 }, 'effort'],
      ['effort 0', { effort: 0 }, 'effort'],
      ['confidence 2.5', { confidence: 2.5 }, 'confidence'],
      ['status on create', { status: 'SELECTED' }, 'status'],
    ])('%s', async (_name, change, field) => {
      const org = await createOrganization();
      const opp = await ok(org.api.post(BASE, { title: 'Problem' }));
      const response = await org.api.post(SOLUTIONS, { title: 'Valid', opportunityId: opp.id, ...change });
      expect(response.status).toBe(400);
      expect(response.body.details).toHaveProperty([field]);
      expect(await listCount(org.api, 'solutions')).toBe(0);
    });

    it("an opportunityId of another organization, and the edges that pass", async () => {
      const org = await createOrganization();
      const other = await createOrganization();
      const theirs = await ok(other.api.post(BASE, { title: 'Theirs' }));
      const response = await org.api.post(SOLUTIONS, { title: 'Sneaky', opportunityId: theirs.id });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.details)).toEqual(['opportunityId']);
      expect(await listCount(org.api, 'solutions')).toBe(0);
      const mine = await ok(org.api.post(BASE, { title: 'Mine' }));
      for (const body of [{ title: text(2), impact: 1, effort: 1, confidence: 1 }, { title: text(200), impact: 5, effort: 5, confidence: 5 }]) {
        expect((await org.api.post(SOLUTIONS, { ...body, opportunityId: mine.id })).status).toBe(200);
      }
    });
  });

  it("isolates organizations: another organization's solution is 404 on every {id} route", async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    const opp = await ok(org.api.post(BASE, { title: 'Problem' }));
    const solution = await ok(org.api.post(SOLUTIONS, { title: 'Mine', opportunityId: opp.id }));
    expect((await other.api.get(`${SOLUTIONS}/${solution.id}`)).status).toBe(404);
    expect((await other.api.patch(`${SOLUTIONS}/${solution.id}`, { title: 'Hijack' })).status).toBe(404);
    expect(await ok(org.api.get(`${SOLUTIONS}/${solution.id}`))).toEqual(solution);
    expect(await listCount(other.api, 'solutions')).toBe(0);
  });
});
