/* Archive: archive and unarchive of every kind that has it, the archived filter of lists, archived records refusing changes, auto-archive. */
import { ApiClient, Json, TestOrganization, createOrganization, operatorClient } from './support/client';
import { ERROR_SHAPE, shapeViolations } from './support/shapes';
import { API, createCkr, ok, strategyBasics } from './support/strategy-fixtures';

/** How to make one record of a kind, how to change it, and how the path names it (key where it has one). */
interface ArchivableKind {
  collection: string;
  create: (api: ApiClient, n: number) => Promise<Json>;
  patch: Json;
}

let ckrId: string;

const KINDS: ArchivableKind[] = [
  { collection: 'work-items', create: (api, n) => ok(api.post(`${API}/work-items`, { title: `Item ${n}`, type: 'TASK' })), patch: { title: 'Changed item' } },
  { collection: 'annual-goals', create: (api, n) => ok(api.post(`${API}/annual-goals`, { title: `Goal ${n}` })), patch: { title: 'Changed goal' } },
  { collection: 'product-goals', create: (api, n) => ok(api.post(`${API}/product-goals`, { title: `Product goal ${n}` })), patch: { title: 'Changed goal' } },
  { collection: 'opportunities', create: (api, n) => ok(api.post(`${API}/opportunities`, { title: `Opportunity ${n}` })), patch: { title: 'Changed opportunity' } },
  {
    collection: 'solutions',
    create: async (api, n) => {
      const opportunity = await ok(api.post(`${API}/opportunities`, { title: `For solution ${n}` }));
      return ok(api.post(`${API}/solutions`, { title: `Solution ${n}`, opportunityId: opportunity.id }));
    },
    patch: { title: 'Changed solution' },
  },
  { collection: 'experiments', create: (api, n) => ok(api.post(`${API}/experiments`, { title: `Experiment ${n}`, ckrId })), patch: { title: 'Changed experiment' } },
  {
    collection: 'sprints',
    create: (api, n) => ok(api.post(`${API}/sprints`, { name: `Sprint ${n}`, startDate: `2026-0${(n % 9) + 1}-01`, endDate: `2026-0${(n % 9) + 1}-14` })),
    patch: { name: 'Changed sprint' },
  },
];

/** The path ref of a record: its key where it has one (as people name it), else its uuid. */
const refOf = (record: Json): string => record.key ?? record.id;

async function listedIds(api: ApiClient, collection: string, archived?: string): Promise<string[]> {
  const query = archived ? `?limit=500&archived=${archived}` : '?limit=500';
  return (await ok(api.get(`${API}/${collection}${query}`))).map((record: Json) => record.id);
}

function expectConflict(response: { status: number; body: Json }): void {
  expect(response.status).toBe(409);
  expect(response.body.error).toBe('Conflict');
  expect(shapeViolations(response.body, ERROR_SHAPE)).toEqual([]);
  expect(response.body.message).toMatch(/is archived; unarchive it/);
}

describe('archive and unarchive', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  beforeAll(async () => {
    [org, other] = await Promise.all([createOrganization(), createOrganization()]);
    ckrId = (await createCkr(org.api, await strategyBasics(org.api))).id;
  });

  describe.each(KINDS.map((kind) => [kind.collection, kind] as const))('%s', (collection, kind) => {
    it('archives (idempotently), keeps the record readable, filters lists, refuses changes, and unarchives', async () => {
      const archivedOne = await kind.create(org.api, 1);
      const liveOne = await kind.create(org.api, 2);
      expect(archivedOne.archivedAt).toBeNull();
      const ref = refOf(archivedOne);

      const archived = await org.api.post(`${API}/${collection}/${ref}/archive`);
      expect(archived.status).toBe(200);
      expect(archived.body).toMatchObject({ id: archivedOne.id, archivedAt: expect.any(String) });
      expect(Date.parse(archived.body.archivedAt)).toBeGreaterThan(Date.now() - 60_000);
      const again = await org.api.post(`${API}/${collection}/${archivedOne.id}/archive`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(archived.body);

      const read = await org.api.get(`${API}/${collection}/${archivedOne.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(archived.body);

      const live = await listedIds(org.api, collection);
      expect(live).toContain(liveOne.id);
      expect(live).not.toContain(archivedOne.id);
      expect(await listedIds(org.api, collection, 'exclude')).toEqual(live);
      const all = await listedIds(org.api, collection, 'include');
      expect(all).toEqual(expect.arrayContaining([archivedOne.id, liveOne.id]));
      expect(await listedIds(org.api, collection, 'only')).toEqual([archivedOne.id]);
      const invalid = await org.api.get(`${API}/${collection}?archived=yes`);
      expect(invalid.status).toBe(400);
      expect(Object.keys(invalid.body.details)).toEqual(['archived']);

      expectConflict(await org.api.patch(`${API}/${collection}/${ref}`, kind.patch));
      expect((await ok(org.api.get(`${API}/${collection}/${archivedOne.id}`))).archivedAt).toBe(archived.body.archivedAt);

      const unarchived = await org.api.post(`${API}/${collection}/${ref}/unarchive`);
      expect(unarchived.status).toBe(200);
      expect(unarchived.body).toMatchObject({ id: archivedOne.id, archivedAt: null });
      expect((await org.api.post(`${API}/${collection}/${ref}/unarchive`)).body).toEqual(unarchived.body);
      expect(await listedIds(org.api, collection)).toContain(archivedOne.id);
      expect(await listedIds(org.api, collection, 'only')).toEqual([]);
      const changed = await org.api.patch(`${API}/${collection}/${ref}`, kind.patch);
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ ...kind.patch, archivedAt: null });
    });

    it("answers 404 for another organization's record, an unknown id and a malformed one", async () => {
      const record = await kind.create(org.api, 3);
      for (const id of [record.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
        for (const action of ['archive', 'unarchive']) {
          const response = await other.api.post(`${API}/${collection}/${id}/${action}`);
          expect(response.status).toBe(404);
          expect(response.body.error).toBe('NotFound');
        }
      }
      expect((await ok(org.api.get(`${API}/${collection}/${record.id}`))).archivedAt).toBeNull();
    });
  });

  it('refuses new comments and relations on an archived work item (either end), and takes them again once unarchived', async () => {
    const item = await ok(org.api.post(`${API}/work-items`, { title: 'Archived with talk', type: 'TASK' }));
    const peer = await ok(org.api.post(`${API}/work-items`, { title: 'Peer', type: 'TASK' }));
    await ok(org.api.post(`${API}/work-items/${item.key}/archive`));

    expectConflict(await org.api.post(`${API}/work-items/${item.key}/comments`, { body: 'Too late' }));
    expectConflict(await org.api.post(`${API}/work-items/${item.key}/relations`, { type: 'blocks', targetId: peer.id }));
    expectConflict(await org.api.post(`${API}/work-items/${peer.key}/relations`, { type: 'relates_to', targetId: item.id }));
    expect(await ok(org.api.get(`${API}/work-items/${item.key}/comments`))).toEqual([]);
    expect((await ok(org.api.get(`${API}/work-items/${peer.key}/relations`))).relatesTo).toEqual([]);

    await ok(org.api.post(`${API}/work-items/${item.key}/unarchive`));
    expect((await org.api.post(`${API}/work-items/${item.key}/comments`, { body: 'Back' })).status).toBe(200);
    expect((await org.api.post(`${API}/work-items/${peer.key}/relations`, { type: 'relates_to', targetId: item.id })).status).toBe(200);
  });

  it('refuses promoting an archived opportunity and concluding an archived experiment', async () => {
    const basics = await strategyBasics(org.api);
    const opportunity = await ok(org.api.post(`${API}/opportunities`, { title: 'Parked idea' }));
    await ok(org.api.post(`${API}/opportunities/${opportunity.key}/archive`));
    expectConflict(await org.api.post(`${API}/opportunities/${opportunity.key}/promote`, { planningCycleIds: [basics.planningCycleId], annualGoalId: basics.annualGoalId }));
    expect((await ok(org.api.get(`${API}/opportunities/${opportunity.id}`))).status).toBe(opportunity.status);

    const experiment = await ok(org.api.post(`${API}/experiments`, { title: 'Parked test', ckrId }));
    await ok(org.api.post(`${API}/experiments/${experiment.key}/archive`));
    expectConflict(await org.api.post(`${API}/experiments/${experiment.key}/conclude`, { outcome: 'SUCCEEDED' }));
    expect((await ok(org.api.get(`${API}/experiments/${experiment.id}`))).status).toBe(experiment.status);
  });

  it('combines the archived filter with the other filters of a list', async () => {
    const done = await ok(org.api.post(`${API}/work-items`, { title: 'Filtered', type: 'BUG', status: 'DONE' }));
    await ok(org.api.post(`${API}/work-items/${done.key}/archive`));
    const only = await ok(org.api.get(`${API}/work-items?type=BUG&status=DONE&archived=only&limit=500`));
    expect(only.map((item: Json) => item.id)).toEqual([done.id]);
    expect((await ok(org.api.get(`${API}/work-items?type=BUG&status=DONE&limit=500`))).map((item: Json) => item.id)).not.toContain(done.id);
  });
});

describe('automatic archiving of closed work items', () => {
  const operator = () => operatorClient();

  it('is off by default, takes 1 to 3650 days or null, and refuses anything else (400)', async () => {
    const org = await createOrganization();
    expect((await ok(org.api.get(`${API}/organization`))).autoArchiveDays).toBeNull();
    for (const value of [0, 3651, 1.5, 'ten', true]) {
      const refused = await org.api.patch(`${API}/organization`, { autoArchiveDays: value });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.details)).toEqual(['autoArchiveDays']);
    }
    expect((await ok(org.api.patch(`${API}/organization`, { autoArchiveDays: 3650 }))).autoArchiveDays).toBe(3650);
    expect((await ok(org.api.patch(`${API}/organization`, { autoArchiveDays: 1 }))).autoArchiveDays).toBe(1);
    expect((await ok(org.api.get(`${API}/organization`))).autoArchiveDays).toBe(1);
    expect((await ok(org.api.patch(`${API}/organization`, { autoArchiveDays: null }))).autoArchiveDays).toBeNull();
  });

  it('archives the DONE and CANCELLED items of organizations that turned it on, once they are old enough', async () => {
    const [on, off] = await Promise.all([createOrganization(), createOrganization()]);
    await ok(on.api.patch(`${API}/organization`, { autoArchiveDays: 2 }));
    const item = (api: ApiClient, status: string) => ok(api.post(`${API}/work-items`, { title: `${status} item`, type: 'TASK', status }));
    const [done, cancelled, open, otherDone] = await Promise.all([item(on.api, 'DONE'), item(on.api, 'CANCELLED'), item(on.api, 'IN_PROGRESS'), item(off.api, 'DONE')]);

    // One day later nothing is old enough yet.
    const early = await operator().post('/operator/auto-archive', { asOf: new Date(Date.now() + 1 * 86_400_000).toISOString() });
    expect(early.status).toBe(200);
    expect(early.body).toEqual({ organizations: expect.any(Number), archived: expect.any(Number) });
    expect((await ok(on.api.get(`${API}/work-items/${done.key}`))).archivedAt).toBeNull();

    const run = await operator().post('/operator/auto-archive', { asOf: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    expect(run.status).toBe(200);
    expect(run.body.organizations).toBeGreaterThanOrEqual(1);
    expect(run.body.archived).toBeGreaterThanOrEqual(2);
    for (const closed of [done, cancelled]) {
      const read = await ok(on.api.get(`${API}/work-items/${closed.key}`));
      expect(read.archivedAt).toEqual(expect.any(String));
      expect(Date.parse(read.updatedAt)).toBeGreaterThan(Date.parse(closed.updatedAt));
    }
    expect((await ok(on.api.get(`${API}/work-items/${open.key}`))).archivedAt).toBeNull();
    expect((await ok(off.api.get(`${API}/work-items/${otherDone.key}`))).archivedAt).toBeNull();
    expect(await listedIds(on.api, 'work-items')).toEqual([open.id]);

    // Unarchiving moves updatedAt: the item is not archived again by the next run.
    await ok(on.api.post(`${API}/work-items/${done.key}/unarchive`));
    await ok(operator().post('/operator/auto-archive'));
    expect((await ok(on.api.get(`${API}/work-items/${done.key}`))).archivedAt).toBeNull();
  });

  it('is an operator route: 401 without the token, 400 for a malformed asOf', async () => {
    const org = await createOrganization();
    expect((await org.api.post('/operator/auto-archive')).status).toBe(401);
    const malformed = await operator().post('/operator/auto-archive', { asOf: 'tomorrow' });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.details)).toEqual(['asOf']);
  });
});
