/**
 * Delete, trash and restore, for every kind DELETE sends to the trash: a deleted record answers
 * 404 on every read and write and is left out of its list, shows in GET /trash, comes back
 * identical, cannot be deleted twice, is another organization's 404, and is gone for good after the
 * retention (a stack of the file's own with a retention of seconds).
 */
import { ApiClient, Json, TestOrganization, createOrganization, keyClient } from './support/client';
import { eventually } from './support/eventually';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { data, discoveryFixture, withKey } from './support/mcp';
import { openPortal, portal, publicClient, publishChangelog, submission } from './support/portal';
import { Receiver, createWebhook } from './support/receiver';
import { API, createCkr, ok, strategyBasics } from './support/strategy-fixtures';

interface Parents {
  annualGoalId: string;
  planningCycleId: string;
  opportunityId: string;
  ckrId: string;
}

interface Kind {
  type: string;
  path: string;
  create: (api: ApiClient, parents: Parents) => Promise<Json>;
  /** A change the kind accepts (kinds without PATCH have none). */
  patch?: Json;
  /** Reads under the record's path that answer 404 with it. */
  nested?: string[];
  title: (record: Json) => string;
}

const byTitle = (record: Json) => record.title;
const byName = (record: Json) => record.name;
const post = (path: string, body: Json) => (api: ApiClient) => ok(api.post(`${API}/${path}`, body));
let seq = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${seq++}`;

const KINDS: Kind[] = [
  { type: 'annual_goal', path: 'annual-goals', create: (api) => post('annual-goals', { title: unique('Goal') })(api), patch: { title: 'Changed' }, title: byTitle },
  {
    type: 'product_goal',
    path: 'product-goals',
    create: (api, p) => post('product-goals', { title: unique('Product goal'), annualGoalId: p.annualGoalId })(api),
    patch: { title: 'Changed' },
    title: byTitle,
  },
  { type: 'planning_cycle', path: 'planning-cycles', create: (api) => post('planning-cycles', { name: unique('Cycle') })(api), patch: { name: 'Changed' }, title: byName },
  {
    type: 'ckr',
    path: 'ckrs',
    create: (api, p) => createCkr(api, p, { title: unique('OKR') }),
    patch: { title: 'Changed' },
    title: byTitle,
  },
  { type: 'opportunity', path: 'opportunities', create: (api) => post('opportunities', { title: unique('Opportunity') })(api), patch: { title: 'Changed' }, title: byTitle },
  {
    type: 'solution',
    path: 'solutions',
    create: (api, p) => post('solutions', { title: unique('Solution'), opportunityId: p.opportunityId })(api),
    patch: { title: 'Changed' },
    title: byTitle,
  },
  { type: 'experiment', path: 'experiments', create: (api, p) => post('experiments', { title: unique('Experiment'), ckrId: p.ckrId })(api), patch: { title: 'Changed' }, title: byTitle },
  { type: 'interview', path: 'interviews', create: (api) => post('interviews', { title: unique('Interview') })(api), patch: { title: 'Changed' }, title: byTitle },
  { type: 'insight', path: 'insights', create: (api) => post('insights', { title: unique('Insight') })(api), patch: { title: 'Changed' }, title: byTitle },
  {
    type: 'work_item',
    path: 'work-items',
    create: (api) => post('work-items', { title: unique('Item'), type: 'TASK' })(api),
    patch: { title: 'Changed' },
    nested: ['comments', 'relations', 'artifacts'],
    title: byTitle,
  },
  {
    type: 'sprint',
    path: 'sprints',
    create: (api) => post('sprints', { name: unique('Sprint'), startDate: '2026-01-05', endDate: '2026-01-16' })(api),
    patch: { name: 'Changed' },
    title: byName,
  },
  { type: 'label', path: 'labels', create: (api) => post('labels', { name: unique('label'), color: '#336699' })(api), title: byName },
  { type: 'team', path: 'teams', create: (api) => post('teams', { name: unique('Team') })(api), title: byName },
  { type: 'intake', path: 'intake', create: (api) => post('intake', { kind: 'BUG', title: unique('Intake') })(api), patch: { isPublic: true }, title: byTitle },
  { type: 'changelog', path: 'changelog', create: (api) => post('changelog', { title: unique('Entry'), body: 'Notes' })(api), patch: { title: 'Changed' }, title: byTitle },
];

async function parentsOf(api: ApiClient): Promise<Parents> {
  const basics = await strategyBasics(api);
  const ckr = await createCkr(api, basics);
  const opportunity = await ok(api.post(`${API}/opportunities`, { title: 'Parent opportunity' }));
  return { ...basics, opportunityId: opportunity.id, ckrId: ckr.id };
}

/** Every entry of the trash, following the paging headers. */
async function trashOf(api: ApiClient, limit = 100): Promise<Json[]> {
  const entries: Json[] = [];
  let cursor: string | null = null;
  do {
    const response: { status: number; body: Json[]; headers: Headers } = await api.get(`${API}/trash?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status).toBe(200);
    entries.push(...response.body);
    cursor = response.headers.get('x-next-cursor');
  } while (cursor);
  return entries;
}

describe('delete, trash and restore', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let parents: Parents;

  beforeAll(async () => {
    [org, other] = await Promise.all([createOrganization(), createOrganization()]);
    parents = await parentsOf(org.api);
  });

  describe.each(KINDS.map((kind) => [kind.type, kind] as const))('%s', (_type, kind) => {
    it('goes to the trash, answers 404 everywhere, and comes back identical', async () => {
      const created = await kind.create(org.api, parents);
      const ref = created.key ?? created.id;
      const before = await ok(org.api.get(`${API}/${kind.path}/${ref}`));

      // Another organization can neither delete nor restore it.
      expect((await other.api.delete(`${API}/${kind.path}/${created.id}`)).status).toBe(404);

      const deleted = await org.api.delete(`${API}/${kind.path}/${ref}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ id: created.id, key: created.key ?? null, deletedAt: expect.any(String), restorableUntil: expect.any(String) });
      const retentionMs = Date.parse(deleted.body.restorableUntil) - Date.parse(deleted.body.deletedAt);
      expect(retentionMs).toBe(30 * 86_400_000);

      expect((await org.api.get(`${API}/${kind.path}/${created.id}`)).status).toBe(404);
      expect((await org.api.get(`${API}/${kind.path}/${ref}`)).status).toBe(404);
      if (kind.patch) expect((await org.api.patch(`${API}/${kind.path}/${ref}`, kind.patch)).status).toBe(404);
      for (const nested of kind.nested ?? []) expect([nested, (await org.api.get(`${API}/${kind.path}/${ref}/${nested}`)).status]).toEqual([nested, 404]);
      const list = await ok(org.api.get(`${API}/${kind.path}?limit=500`));
      expect(list.map((record: Json) => record.id)).not.toContain(created.id);
      expect((await org.api.delete(`${API}/${kind.path}/${ref}`)).status).toBe(404);

      const entry = (await trashOf(org.api)).find((e) => e.id === created.id);
      expect(entry).toEqual({
        id: created.id,
        key: created.key ?? null,
        type: kind.type,
        title: kind.title(before),
        deletedAt: deleted.body.deletedAt,
        deletedBy: org.admin.id,
        restorableUntil: deleted.body.restorableUntil,
      });
      expect((await trashOf(other.api)).map((e) => e.id)).not.toContain(created.id);
      expect((await other.api.post(`${API}/trash/${created.id}/restore`)).status).toBe(404);

      const restored = await org.api.post(`${API}/trash/${ref}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toEqual(entry);
      expect(await ok(org.api.get(`${API}/${kind.path}/${ref}`))).toEqual(before);
      expect((await ok(org.api.get(`${API}/${kind.path}?limit=500`))).map((record: Json) => record.id)).toContain(created.id);
      expect((await trashOf(org.api)).map((e) => e.id)).not.toContain(created.id);
      expect((await org.api.post(`${API}/trash/${ref}/restore`)).status).toBe(404);
    });
  });

  it('pages the trash of both contexts newest first, each entry once', async () => {
    const fresh = await createOrganization();
    const p = await parentsOf(fresh.api);
    const ids: string[] = [];
    for (const kind of KINDS) {
      const record = await kind.create(fresh.api, p);
      await ok(fresh.api.delete(`${API}/${kind.path}/${record.id}`));
      ids.push(record.id);
    }
    const paged = await trashOf(fresh.api, 4);
    expect(paged.map((e) => e.id)).toEqual([...ids].reverse());
    expect(new Set(paged.map((e) => e.type))).toEqual(new Set(KINDS.map((k) => k.type)));
  });

  it('keeps a trashed label name free for a new label, and refuses to restore over it (409)', async () => {
    const label = await ok(org.api.post(`${API}/labels`, { name: 'reused-name', color: '#112233' }));
    await ok(org.api.delete(`${API}/labels/${label.id}`));
    await ok(org.api.post(`${API}/labels`, { name: 'reused-name', color: '#445566' }));
    const conflict = await org.api.post(`${API}/trash/${label.id}/restore`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toBe('Conflict');
  });

  it('hides a trashed label on the work items that carry it, and shows it again after restore', async () => {
    const label = await ok(org.api.post(`${API}/labels`, { name: unique('tag'), color: '#123456' }));
    const item = await ok(org.api.post(`${API}/work-items`, { title: 'Labelled', type: 'TASK', labelIds: [label.id] }));
    expect(item.labels.map((l: Json) => l.id)).toEqual([label.id]);
    await ok(org.api.delete(`${API}/labels/${label.id}`));
    expect((await ok(org.api.get(`${API}/work-items/${item.id}`))).labels).toEqual([]);
    await ok(org.api.post(`${API}/trash/${label.id}/restore`));
    expect(await ok(org.api.get(`${API}/work-items/${item.id}`))).toEqual(item);
  });

  it('hides a trashed blocker from the blocked item (relations and count), and gives both back on restore', async () => {
    const blocker = await ok(org.api.post(`${API}/work-items`, { title: 'Blocker', type: 'TASK' }));
    const blocked = await ok(org.api.post(`${API}/work-items`, { title: 'Blocked', type: 'TASK' }));
    await ok(org.api.post(`${API}/work-items/${blocker.id}/relations`, { type: 'blocks', targetId: blocked.id }));
    const before = await ok(org.api.get(`${API}/work-items/${blocked.id}`));
    const relationsBefore = await ok(org.api.get(`${API}/work-items/${blocked.id}/relations`));
    expect(before.blockedByCount).toBe(1);
    await ok(org.api.delete(`${API}/work-items/${blocker.key}`));
    expect((await ok(org.api.get(`${API}/work-items/${blocked.id}`))).blockedByCount).toBe(0);
    expect((await ok(org.api.get(`${API}/work-items/${blocked.id}/relations`))).blockedBy).toEqual([]);
    await ok(org.api.post(`${API}/trash/${blocker.key}/restore`));
    expect(await ok(org.api.get(`${API}/work-items/${blocked.id}`))).toEqual(before);
    expect(await ok(org.api.get(`${API}/work-items/${blocked.id}/relations`))).toEqual(relationsBefore);
  });

  it('leaves a trashed record out of the MCP tools (get_records, search) until it is restored', async () => {
    const mcp = await withKey(org.apiKey);
    try {
      const title = unique('Zebra crossing');
      const opportunity = await ok(org.api.post(`${API}/opportunities`, { title }));
      const item = await ok(org.api.post(`${API}/work-items`, { title, type: 'TASK' }));
      const keeper = await ok(org.api.post(`${API}/work-items`, { title: 'Stays', type: 'TASK' }));
      const refs = [opportunity.key, opportunity.id, item.key, item.id];
      const found = async () => (await data(mcp, 'get_records', { refs: [keeper.key, ...refs] })).notFound;
      const searched = async () => (await data(mcp, 'search', { query: title })).items.map((hit: Json) => hit.key ?? hit.id).sort();
      expect(await found()).toEqual([]);
      expect(await searched()).toEqual([item.key, opportunity.key].sort());
      await ok(org.api.delete(`${API}/opportunities/${opportunity.id}`));
      await ok(org.api.delete(`${API}/work-items/${item.id}`));
      expect((await found()).sort()).toEqual([...refs].sort());
      expect(await searched()).toEqual([]);
      await ok(org.api.post(`${API}/trash/${opportunity.key}/restore`));
      await ok(org.api.post(`${API}/trash/${item.key}/restore`));
      expect(await found()).toEqual([]);
      expect(await searched()).toEqual([item.key, opportunity.key].sort());
    } finally {
      await mcp.close();
    }
  });

  it('leaves trashed records out of the discovery packet, and the packet is the same again after restore', async () => {
    const fresh = await createOrganization();
    const fx = await discoveryFixture(fresh.api, { insightCount: 2, workItemCount: 2 });
    const mcp = await withKey(fresh.apiKey);
    try {
      const packet = () => data(mcp, 'get_discovery_context', { ref: fx.opportunity.key });
      const before = await packet();
      expect(before.solutions.items.map((s: Json) => s.id)).toEqual([fx.solution.id]);
      expect(before.workItems.items.find((w: Json) => w.key === fx.workItems[0].key)).toMatchObject({ isBlocked: true });
      for (const [path, id] of [['solutions', fx.solution.id], ['insights', fx.insights[1].id], ['work-items', fx.blocker.id], ['work-items', fx.workItems[1].id]]) {
        await ok(fresh.api.delete(`${API}/${path}/${id}`));
      }
      const without = await packet();
      expect(without.solutions.items).toEqual([]);
      expect(without.evidence.insights.items.map((i: Json) => i.id)).toEqual([fx.insights[0].id]);
      const shown = without.workItems.items.map((w: Json) => w.key);
      expect(shown).toContain(fx.workItems[0].key);
      expect(shown).not.toContain(fx.workItems[1].key);
      expect(shown).not.toContain(fx.blocker.key);
      expect(without.workItems.items.find((w: Json) => w.key === fx.workItems[0].key)).toMatchObject({ isBlocked: false, blockedBy: [] });
      for (const id of [fx.solution.id, fx.insights[1].id, fx.blocker.id, fx.workItems[1].id]) await ok(fresh.api.post(`${API}/trash/${id}/restore`));
      expect(await packet()).toEqual(before);
    } finally {
      await mcp.close();
    }
  });

  it('leaves a trashed submission and changelog entry out of the portal (JSON and pages) until restored', async () => {
    const open = await openPortal();
    const slug = open.organization.slug;
    const anonymous = publicClient();
    const submitted = await ok(anonymous.post(portal(slug), submission({ title: unique('Public idea') })));
    const entry = await publishChangelog(open, unique('Shipped'), 'Notes');
    const changelog = `/public/portals/${slug}/changelog`;
    const visible = async () => ({
      intake: (await ok(anonymous.get(portal(slug)))).map((s: Json) => s.key),
      intakeOne: (await anonymous.get(`${portal(slug)}/${submitted.key}`)).status,
      changelog: (await ok(anonymous.get(changelog))).map((e: Json) => e.id),
      changelogOne: (await anonymous.get(`${changelog}/${entry.id}`)).status,
      page: (await anonymous.get(`/portal/${slug}/intake/${submitted.key}`)).status,
    });
    const before = await visible();
    expect(before).toEqual({ intake: [submitted.key], intakeOne: 200, changelog: [entry.id], changelogOne: 200, page: 200 });
    await ok(open.api.delete(`${API}/intake/${submitted.key}`));
    await ok(open.api.delete(`${API}/changelog/${entry.id}`));
    expect(await visible()).toEqual({ intake: [], intakeOne: 404, changelog: [], changelogOne: 404, page: 404 });
    await ok(open.api.post(`${API}/trash/${submitted.key}/restore`));
    await ok(open.api.post(`${API}/trash/${entry.id}/restore`));
    expect(await visible()).toEqual(before);
  });

  it('sends record.deleted and record.restored to a subscription that lists them, and only to it', async () => {
    const receiver = await Receiver.start();
    try {
      const fresh = await createOrganization();
      await createWebhook(fresh, `${receiver.url}/trash`, ['record.deleted', 'record.restored']);
      await createWebhook(fresh, `${receiver.url}/created-only`, ['work_item.created']);
      const item = await ok(fresh.api.post(`${API}/work-items`, { title: 'Short-lived', type: 'TASK' }));
      await ok(fresh.api.delete(`${API}/work-items/${item.key}`));
      await ok(fresh.api.post(`${API}/trash/${item.key}/restore`));
      const events = await eventually(() => receiver.requests.filter((r) => r.path === '/trash').map((r) => r.body as Json), {
        until: (list) => list.length >= 2,
        what: 'the trash events',
      });
      const data = { type: 'work_item', id: item.id, key: item.key, title: item.title };
      // Webhooks promise no delivery order (docs/webhooks.md): a consumer orders by `createdAt`.
      events.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
      expect(events.map((e) => [e.event, e.data])).toEqual([
        ['record.deleted', data],
        ['record.restored', data],
      ]);
      expect(events.every((e) => e.organizationId === fresh.organization.id)).toBe(true);
      await eventually(() => receiver.requests.filter((r) => r.path === '/created-only'), { until: (list) => list.length >= 1 });
      expect(receiver.requests.filter((r) => r.path === '/created-only').map((r) => (r.body as Json).event)).toEqual(['work_item.created']);
    } finally {
      await receiver.stop();
    }
  });

  it('refuses a webhook of more than 9 event types, the new ones included', async () => {
    const events = ['work_item.created', 'work_item.updated', 'work_item.status_changed', 'ckr.created', 'ckr.updated', 'opportunity.created', 'experiment.concluded', 'intake.created', 'record.deleted', 'record.restored'];
    expect((await org.api.post('/api/v1/webhooks', { url: 'https://example.com/hook', events })).status).toBe(400);
  });
});

describe('the retention', () => {
  let stack: IsolatedStack;

  beforeAll(async () => {
    // About 2.6 s: long enough to restore at once, short enough to wait past.
    stack = await startIsolatedStack({ env: { TRASH_RETENTION_DAYS: '0.00003' }, apps: ['api-gateway', 'delivery-intake', 'strategy-discovery', 'webhook-dispatcher'] });
  }, 180_000);
  afterAll(async () => stack?.stop());

  it('restores within it, and answers 404 after it (the record is purged and left out of the trash)', async () => {
    const org = await createOrganization(undefined, stack.url);
    const api = keyClient(org.apiKey, stack.url);
    const kept = await ok(api.post(`${API}/work-items`, { title: 'Back in time', type: 'TASK' }));
    const lost = await ok(api.post(`${API}/opportunities`, { title: 'Too late' }));
    const deleted = await ok(api.delete(`${API}/work-items/${kept.id}`));
    expect(Date.parse(deleted.restorableUntil) - Date.parse(deleted.deletedAt)).toBe(Math.round(0.00003 * 86_400_000));
    expect((await api.post(`${API}/trash/${kept.id}/restore`)).status).toBe(200);
    await ok(api.delete(`${API}/opportunities/${lost.id}`));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await api.post(`${API}/trash/${lost.id}/restore`)).status).toBe(404);
    expect((await api.post(`${API}/trash/${lost.key}/restore`)).status).toBe(404);
    expect(await ok(api.get(`${API}/trash`))).toEqual([]);
    expect((await api.get(`${API}/opportunities/${lost.id}`)).status).toBe(404);
    expect(await ok(api.get(`${API}/work-items/${kept.id}`))).toEqual(kept);
  });
});
