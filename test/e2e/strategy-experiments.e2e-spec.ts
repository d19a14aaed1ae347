import { createOrganization } from './support/client';
import { EXPERIMENT_SHAPE } from './support/shapes-strategy';
import { shapeViolations } from './support/shapes';
import { API, OTHER_UUID, createCkr, listCount, ok, strategyBasics, text } from './support/strategy-fixtures';

const BASE = `${API}/experiments`;

describe('strategy: experiments', () => {
  it('creates with defaults; every contract field is present with its type', async () => {
    const org = await createOrganization();
    const ckr = await createCkr(org.api, await strategyBasics(org.api));
    const response = await org.api.post(BASE, { title: 'Try the wizard', ckrId: ckr.id });
    expect(response.status).toBe(200);
    expect(shapeViolations(response.body, EXPERIMENT_SHAPE)).toEqual([]);
    expect(response.body).toMatchObject({
      key: 'EXP-1',
      ckrId: ckr.id,
      solutionId: null,
      title: 'Try the wizard',
      hypothesis: null,
      successMetrics: [],
      result: null,
      status: 'DRAFT',
    });
  });

  it('stores every optional field; gets by uuid and key; lists with status and ckrId filters; patches', async () => {
    const org = await createOrganization();
    const basics = await strategyBasics(org.api);
    const ckr = await createCkr(org.api, basics);
    const otherCkr = await createCkr(org.api, basics);
    const opp = await ok(org.api.post(`${API}/opportunities`, { title: 'Problem' }));
    const solution = await ok(org.api.post(`${API}/solutions`, { title: 'Wizard', opportunityId: opp.id }));
    const body = { title: 'Wizard test', ckrId: ckr.id, solutionId: solution.id, hypothesis: 'Wizards help', successMetrics: ['activation +5%', 'NPS'] };
    const a = await org.api.post(BASE, body);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject(body);
    const b = await ok(org.api.post(BASE, { title: 'Other', ckrId: otherCkr.id }));
    for (const ref of [a.body.id, 'EXP-1', 'exp-1']) expect(await ok(org.api.get(`${BASE}/${ref}`))).toEqual(a.body);
    const patched = await org.api.patch(`${BASE}/${b.key}`, { status: 'RUNNING', hypothesis: 'Maybe', successMetrics: ['one'] });
    expect(patched.status).toBe(200);
    expect(shapeViolations(patched.body, EXPERIMENT_SHAPE)).toEqual([]);
    expect(patched.body).toMatchObject({ status: 'RUNNING', hypothesis: 'Maybe', successMetrics: ['one'] });
    const ids = async (query: string) => (await ok(org.api.get(`${BASE}${query}`))).map((x: { id: string }) => x.id);
    expect(await ids('')).toEqual([a.body.id, b.id]);
    expect(await ids('?status=RUNNING')).toEqual([b.id]);
    expect(await ids(`?ckrId=${ckr.id}`)).toEqual([a.body.id]);
    expect(await ids('?limit=1')).toEqual([a.body.id]);
    expect((await org.api.get(`${BASE}?status=DONE`)).status).toBe(400);
    for (const change of [{ status: 'SUCCEEDED' }, { title: null }, { successMetrics: null }, { result: 'Set by conclude' }]) {
      expect((await org.api.patch(`${BASE}/${b.id}`, change)).status).toBe(400);
    }
    expect(await ok(org.api.patch(`${BASE}/${a.body.id}`, { solutionId: null }))).toMatchObject({ solutionId: null });
  });

  describe('conclude', () => {
    it('without a body: INCONCLUSIVE; a second conclude is 409 and changes nothing', async () => {
      const org = await createOrganization();
      const ckr = await createCkr(org.api, await strategyBasics(org.api));
      const exp = await ok(org.api.post(BASE, { title: 'Try', ckrId: ckr.id }));
      // Clients often send Content-Type: application/json with an empty body; that is no body too.
      const concluded = await org.api.post(`${BASE}/${exp.key}/conclude`, undefined, { rawBody: '', headers: { 'content-type': 'application/json' } });
      expect(concluded.status).toBe(200);
      expect(shapeViolations(concluded.body, EXPERIMENT_SHAPE)).toEqual([]);
      expect(concluded.body).toMatchObject({ id: exp.id, status: 'INCONCLUSIVE', result: null });
      const again = await org.api.post(`${BASE}/${exp.id}/conclude`, { outcome: 'SUCCEEDED', result: 'Late' });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('Conflict');
      expect(await ok(org.api.get(`${BASE}/${exp.id}`))).toEqual(concluded.body);
      expect((await org.api.patch(`${BASE}/${exp.id}`, { status: 'RUNNING' })).status).toBe(409);
    });

    it.each(['SUCCEEDED', 'FAILED', 'INCONCLUSIVE'])('with outcome %s and a result', async (outcome) => {
      const org = await createOrganization();
      const ckr = await createCkr(org.api, await strategyBasics(org.api));
      const exp = await ok(org.api.post(BASE, { title: 'Try', ckrId: ckr.id }));
      await ok(org.api.patch(`${BASE}/${exp.id}`, { status: 'RUNNING' }));
      const concluded = await ok(org.api.post(`${BASE}/${exp.id}/conclude`, { outcome, result: 'Measured' }));
      expect(concluded).toMatchObject({ status: outcome, result: 'Measured' });
    });

    it('with an empty body: INCONCLUSIVE; bad bodies are 400 and leave it open', async () => {
      const org = await createOrganization();
      const ckr = await createCkr(org.api, await strategyBasics(org.api));
      const exp = await ok(org.api.post(BASE, { title: 'Try', ckrId: ckr.id }));
      for (const body of [{ outcome: 'DRAFT' }, { outcome: 'WON' }, { result: 5 }, { outcome: null }, { verdict: 'yes' }]) {
        const response = await org.api.post(`${BASE}/${exp.id}/conclude`, body);
        expect(response.status).toBe(400);
        expect(Object.keys(response.body.details).length).toBeGreaterThan(0);
      }
      expect((await ok(org.api.get(`${BASE}/${exp.id}`))).status).toBe('DRAFT');
      expect((await ok(org.api.post(`${BASE}/${exp.id}/conclude`, {}))).status).toBe('INCONCLUSIVE');
    });
  });

  describe('bad input gets 400 with details and writes nothing', () => {
    it.each([
      ['no ckrId', { ckrId: undefined }, 'ckrId'],
      ['ckrId not a uuid', { ckrId: 'OKR-1' }, 'ckrId'],
      ['a title of 1 character', { title: 'x' }, 'title'],
      ['a title of 201 characters', { title: text(201) }, 'title'],
      ['successMetrics not strings', { successMetrics: [1] }, 'successMetrics'],
      ['successMetrics not an array', { successMetrics: 'more' }, 'successMetrics'],
      ['status on create', { status: 'RUNNING' }, 'status'],
      ['an unknown field', { owner: 'me' }, 'owner'],
    ])('%s', async (_name, change, field) => {
      const org = await createOrganization();
      const ckr = await createCkr(org.api, await strategyBasics(org.api));
      const response = await org.api.post(BASE, { title: 'Valid', ckrId: ckr.id, ...change });
      expect(response.status).toBe(400);
      expect(response.body.details).toHaveProperty([field]);
      expect(await listCount(org.api, 'experiments')).toBe(0);
    });

    it('a ckrId or solutionId of another organization; titles of 2 and 200 pass', async () => {
      const org = await createOrganization();
      const other = await createOrganization();
      const theirCkr = await createCkr(other.api, await strategyBasics(other.api));
      const theirOpp = await ok(other.api.post(`${API}/opportunities`, { title: 'Theirs' }));
      const theirSolution = await ok(other.api.post(`${API}/solutions`, { title: 'Theirs', opportunityId: theirOpp.id }));
      const response = await org.api.post(BASE, { title: 'Sneaky', ckrId: theirCkr.id, solutionId: theirSolution.id });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.details).sort()).toEqual(['ckrId', 'solutionId']);
      expect(await listCount(org.api, 'experiments')).toBe(0);
      const mine = await createCkr(org.api, await strategyBasics(org.api));
      for (const title of [text(2), text(200)]) expect((await org.api.post(BASE, { title, ckrId: mine.id })).status).toBe(200);
      const created = await ok(org.api.post(BASE, { title: 'Mine', ckrId: mine.id }));
      expect((await org.api.patch(`${BASE}/${created.id}`, { ckrId: theirCkr.id })).status).toBe(400);
    });
  });

  it("isolates organizations: another organization's experiment is 404 on every {id} route", async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    const ckr = await createCkr(org.api, await strategyBasics(org.api));
    const exp = await ok(org.api.post(BASE, { title: 'Mine', ckrId: ckr.id }));
    expect((await other.api.get(`${BASE}/${exp.id}`)).status).toBe(404);
    expect((await other.api.get(`${BASE}/${exp.key}`)).status).toBe(404);
    expect((await other.api.patch(`${BASE}/${exp.id}`, { title: 'Hijack' })).status).toBe(404);
    expect((await other.api.post(`${BASE}/${exp.id}/conclude`, { outcome: 'FAILED' })).status).toBe(404);
    expect((await org.api.post(`${BASE}/${OTHER_UUID}/conclude`)).status).toBe(404);
    expect(await ok(org.api.get(`${BASE}/${exp.id}`))).toEqual(exp);
  });
});
