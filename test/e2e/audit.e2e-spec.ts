import { ApiClient, Json, TestOrganization, createMember, createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { data, withKey } from './support/mcp';
import { openPortal, portal, publicClient, submission } from './support/portal';
import { connectRepository, githubPush, postGithub, uniqueRepo, workItemOf } from './support/repos';

const LOG = '/api/v1/audit-log';

/** The organization's entries matching `query`, once at least `count` are there (they arrive through the outbox). */
async function entries(api: ApiClient, query = '', count = 1): Promise<Json[]> {
  return eventually(
    async () => {
      const response = await api.get(`${LOG}${query ? `?${query}` : ''}`);
      expect(response.status).toBe(200);
      return response.body as Json[];
    },
    { until: atLeast(count) },
  );
}

async function history(api: ApiClient, collection: string, ref: string, count = 1): Promise<Json[]> {
  return eventually(
    async () => {
      const response = await api.get(`/api/v1/${collection}/${ref}/history`);
      expect(response.status).toBe(200);
      return response.body as Json[];
    },
    { until: atLeast(count) },
  );
}

describe('audit log', () => {
  let org: TestOrganization;
  let adminKeyId: string;
  beforeAll(async () => {
    org = await createOrganization();
    adminKeyId = (await org.api.get('/api/v1/me')).body.apiKey.id;
  });

  it('records a REST create and update with the user, the key, the edge and what changed (long texts shortened)', async () => {
    const item = (await org.api.post('/api/v1/work-items', { title: 'Audited item', type: 'TASK' })).body;
    const long = 'x'.repeat(500);
    const patched = await org.api.patch(`/api/v1/work-items/${item.key}`, { status: 'IN_PROGRESS', description: long, title: 'Renamed item' });
    expect(patched.status).toBe(200);

    const found = await history(org.api, 'work-items', item.key, 2);
    expect(found.map((entry) => entry.action)).toEqual(['updated', 'created']);
    const [updated, created] = found;
    expect(created).toMatchObject({
      actor: { type: 'USER', userId: org.admin.id, apiKeyId: adminKeyId, name: org.admin.name },
      via: 'REST',
      action: 'created',
      record: { type: 'work_item', id: item.id, key: item.key },
      changes: null,
    });
    expect(created.requestId).toEqual(expect.any(String));
    expect(updated.changes.status).toEqual({ from: 'BACKLOG', to: 'IN_PROGRESS' });
    expect(updated.changes.title).toEqual({ from: 'Audited item', to: 'Renamed item' });
    expect(updated.changes.description.from).toBeNull();
    expect(updated.changes.description.to).toHaveLength(201);
    expect(Date.parse(updated.at)).toBeGreaterThanOrEqual(Date.parse(created.at));

    // The same history by uuid; the log's recordId filter takes the key or the uuid alike.
    expect((await org.api.get(`/api/v1/work-items/${item.id}/history`)).body).toEqual(found);
    expect((await org.api.get(`${LOG}?recordId=${item.key}`)).body).toEqual(found);
    expect((await org.api.get(`${LOG}?recordId=${item.id}`)).body).toEqual(found);
    // A PATCH that changes nothing writes nothing, so it has no entry.
    await org.api.patch(`/api/v1/work-items/${item.key}`, { title: 'Renamed item' });
    expect((await org.api.get(`/api/v1/work-items/${item.key}/history`)).body).toHaveLength(2);
  });

  it('records archive and unarchive, and nothing for a repeat', async () => {
    const item = (await org.api.post('/api/v1/work-items', { title: 'Archived and back', type: 'TASK' })).body;
    for (const path of ['archive', 'archive', 'unarchive', 'unarchive']) expect((await org.api.post(`/api/v1/work-items/${item.key}/${path}`)).status).toBe(200);
    const goal = (await org.api.post('/api/v1/annual-goals', { title: 'Archived goal' })).body;
    for (const path of ['archive', 'unarchive']) expect((await org.api.post(`/api/v1/annual-goals/${goal.id}/${path}`)).status).toBe(200);
    expect((await history(org.api, 'work-items', item.key, 3)).map((entry) => entry.action)).toEqual(['unarchived', 'archived', 'created']);
    const goalEntries = await eventually(async () => (await org.api.get(`/api/v1/audit-log?recordId=${goal.id}`)).body as Json[], { until: atLeast(3) });
    expect(goalEntries.map((entry) => entry.action)).toEqual(['unarchived', 'archived', 'created']);
  });

  it('records MCP writes as via MCP, with the key that made them', async () => {
    const mcp = await withKey(org.apiKey);
    try {
      const created = await data(mcp, 'create_work_item', { title: 'From an agent', type: 'TASK' });
      const found = await history(org.api, 'work-items', created.key);
      expect(found[0]).toMatchObject({ via: 'MCP', action: 'created', actor: { type: 'USER', userId: org.admin.id, apiKeyId: adminKeyId } });
    } finally {
      await mcp.close();
    }
  });

  it('records strategy writes and domain verbs: an OKR, an opportunity and its promotion', async () => {
    const goal = (await org.api.post('/api/v1/annual-goals', { title: 'Audited goal' })).body;
    const cycle = (await org.api.post('/api/v1/planning-cycles', { name: 'Audited cycle' })).body;
    const created = await org.api.post('/api/v1/ckrs', { title: 'Audited OKR', annualGoalId: goal.id, planningCycleIds: [cycle.id] });
    expect(created.status).toBe(200);
    const ckr = created.body;
    await org.api.patch(`/api/v1/ckrs/${ckr.key}`, { confidence: 5 });
    const okrHistory = await history(org.api, 'ckrs', ckr.key, 2);
    expect(okrHistory.map((entry) => entry.action)).toEqual(['updated', 'created']);
    expect(okrHistory[0].changes).toEqual({ confidence: { from: 3, to: 5 } });
    expect(okrHistory[0].record).toEqual({ type: 'ckr', id: ckr.id, key: ckr.key });

    const opportunity = (await org.api.post('/api/v1/opportunities', { title: 'Audited opportunity' })).body;
    const promoted = await org.api.post(`/api/v1/opportunities/${opportunity.key}/promote`, { annualGoalId: goal.id, planningCycleIds: [cycle.id] });
    expect(promoted.status).toBe(200);
    const found = await history(org.api, 'opportunities', opportunity.key, 2);
    expect(found[0]).toMatchObject({ action: 'promoted', changes: { status: { to: 'PROMOTED' }, ckrId: { from: null, to: promoted.body.ckr.id } } });
    await history(org.api, 'ckrs', promoted.body.ckr.key);
    expect((await entries(org.api, `action=promoted`))[0].record.id).toBe(opportunity.id);
    // Plain records (goals, cycles) have entries too, though they announce no events.
    expect((await entries(org.api, `recordId=${goal.id}`))[0]).toMatchObject({ action: 'created', record: { type: 'annual_goal', id: goal.id, key: null } });
    expect((await entries(org.api, `recordId=${cycle.id}`))[0].record.type).toBe('planning_cycle');
  });

  it('records portal writes as the portal, without the submitter’s or the voter’s contact data', async () => {
    const open = await openPortal();
    const created = await publicClient().post(portal(open.organization.slug), submission({ submitterEmail: 'audit-pat@example.com' }));
    expect(created.status).toBe(200);
    const voted = await publicClient().post(`${portal(open.organization.slug)}/${created.body.key}/votes`, { email: 'voter-audit@example.com' });
    expect(voted.status).toBe(200);
    const found = await history(open.api, 'intake', created.body.key, 2);
    expect(found.map((entry) => entry.action)).toEqual(['voted', 'created']);
    for (const entry of found) {
      expect(entry).toMatchObject({ actor: { type: 'PORTAL', userId: null, apiKeyId: null, name: 'Portal' }, via: 'PORTAL', record: { type: 'intake', key: created.body.key } });
    }
    const log = await open.api.get(`${LOG}?via=PORTAL`);
    expect(log.text).not.toContain('audit-pat@example.com');
    expect(log.text).not.toContain('voter-audit@example.com');
    expect(log.text).not.toContain('Pat Customer');
  });

  it('records a Git automation’s status move as an automation via GIT', async () => {
    const repoOrg = await createOrganization();
    const connection = await connectRepository(repoOrg, { provider: 'GITHUB', fullName: uniqueRepo(), automations: { onBranchCreated: 'IN_PROGRESS' } });
    const item = (await repoOrg.api.post('/api/v1/work-items', { title: 'Automated', type: 'TASK' })).body;
    await postGithub(connection, 'push', githubPush(connection.fullName, `feature/${item.key}`, [{ message: 'start' }], { created: true }));
    await eventually(() => workItemOf(repoOrg.api, item.key), { until: (found) => found.status === 'IN_PROGRESS' });
    const [moved] = await history(repoOrg.api, 'work-items', item.key, 2);
    expect(moved).toMatchObject({
      actor: { type: 'AUTOMATION', userId: null, apiKeyId: connection.id, name: 'Repository automation' },
      via: 'GIT',
      action: 'updated',
      changes: { status: { from: 'BACKLOG', to: 'IN_PROGRESS' } },
    });
    expect((await repoOrg.api.get(`${LOG}?via=GIT`)).body).toEqual([moved]);
  });
});

describe('identity changes in the audit log', () => {
  it('records users, keys and settings: created, role changed, deactivated, reactivated, revoked; never a secret', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const keys = (await org.api.get(`/api/v1/api-keys`)).body as Json[];
    const devKey = keys.find((key) => key.userId === dev.user.id);
    await org.api.patch(`/api/v1/users/${dev.user.id}`, { role: 'PM', name: 'Renamed dev' });
    await org.api.post(`/api/v1/users/${dev.user.id}/deactivate`);
    await org.api.post(`/api/v1/users/${dev.user.id}/deactivate`);
    await org.api.post(`/api/v1/users/${dev.user.id}/reactivate`);
    const extra = await org.api.post('/api/v1/api-keys', { name: 'Spare' });
    await org.api.delete(`/api/v1/api-keys/${extra.body.id}`);
    await org.api.delete(`/api/v1/api-keys/${extra.body.id}`);
    await org.api.patch('/api/v1/organization', { portalEnabled: true });

    const user = await entries(org.api, `recordId=${dev.user.id}`, 4);
    expect(user.map((entry) => entry.action)).toEqual(['reactivated', 'deactivated', 'updated', 'created']);
    expect(user[2].changes).toEqual({ name: { from: 'DEV user', to: 'Renamed dev' }, role: { from: 'DEV', to: 'PM' } });
    expect(user[1].changes).toEqual({ active: { from: true, to: false } });
    expect(user.every((entry) => entry.record.type === 'user' && entry.actor.userId === org.admin.id)).toBe(true);
    expect((await entries(org.api, `recordId=${devKey.id}`))[0]).toMatchObject({ action: 'created', record: { type: 'api_key' } });
    const spare = await entries(org.api, `recordId=${extra.body.id}`, 2);
    expect(spare.map((entry) => entry.action)).toEqual(['revoked', 'created']);
    const settings = await entries(org.api, 'action=updated&recordId=' + org.organization.id);
    expect(settings[0]).toMatchObject({ record: { type: 'organization_settings' }, changes: { portalEnabled: { from: false, to: true } } });
    // The bootstrap is the operator's: the organization, its first ADMIN and that ADMIN's key.
    const bootstrap = (await org.api.get(`${LOG}?via=OPERATOR`)).body as Json[];
    expect(bootstrap.map((entry) => entry.record.type).sort()).toEqual(['api_key', 'organization', 'user']);
    expect(bootstrap.every((entry) => entry.actor.type === 'OPERATOR' && entry.actor.userId === null)).toBe(true);
    const log = await org.api.get(`${LOG}?limit=500`);
    expect(log.text).not.toContain(extra.body.apiKey);
    expect(log.text).not.toContain(org.apiKey);
  });
});

describe('audit log filters and paging', () => {
  let org: TestOrganization;
  let dev: { user: Json; api: ApiClient };
  let keys: string[];
  beforeAll(async () => {
    org = await createOrganization();
    dev = await createMember(org, 'DEV');
    keys = [];
    for (const title of ['One', 'Two', 'Three']) keys.push((await dev.api.post('/api/v1/work-items', { title, type: 'TASK' })).body.key);
    await org.api.patch(`/api/v1/work-items/${keys[0]}`, { status: 'TODO' });
    // The member and its key are entries too (identity changes), so wait for the work items' four.
    await entries(org.api, 'recordId=' + keys[0], 2);
  });

  it('pages newest first with Link and X-Next-Cursor', async () => {
    const all = await entries(org.api, 'limit=500', 4);
    const times = all.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = await org.api.get(`${LOG}?limit=2`);
    expect(first.body).toEqual(all.slice(0, 2));
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await org.api.get(`${LOG}?limit=2&cursor=${encodeURIComponent(cursor as string)}`);
    expect(second.body).toEqual(all.slice(2, 4));
  });

  it('filters by actor, action, via, record and time', async () => {
    const byDev = (await org.api.get(`${LOG}?actorId=${dev.user.id}`)).body as Json[];
    expect(byDev.map((entry) => entry.record.key).sort()).toEqual([...keys].sort());
    expect(byDev.every((entry) => entry.action === 'created' && entry.actor.userId === dev.user.id)).toBe(true);

    const updates = (await org.api.get(`${LOG}?action=updated&via=REST`)).body as Json[];
    expect(updates.map((entry) => entry.record.key)).toEqual([keys[0]]);
    expect((await org.api.get(`${LOG}?via=MCP`)).body).toEqual([]);

    const [newest] = (await org.api.get(`${LOG}?limit=1`)).body as Json[];
    const since = (await org.api.get(`${LOG}?since=${encodeURIComponent(newest.at)}`)).body as Json[];
    expect(since.map((entry) => entry.id)).toContain(newest.id);
    const until = (await org.api.get(`${LOG}?until=${encodeURIComponent(newest.at)}`)).body as Json[];
    expect(until.map((entry) => entry.id)).not.toContain(newest.id);
    expect((await org.api.get(`${LOG}?since=2999-01-01T00:00:00Z`)).body).toEqual([]);
  });

  it.each([
    ['actorId=not-a-uuid', 'actorId'],
    ['via=FAX', 'via'],
    ['action=Created!', 'action'],
    ['since=yesterday', 'since'],
    ['until=2026-13-01T00:00:00Z', 'until'],
    ['limit=0', 'limit'],
    ['cursor=garbage', 'cursor'],
  ])('answers 400 for %s', async (query, field) => {
    const response = await org.api.get(`${LOG}?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('BadRequest');
    expect(JSON.stringify(response.body)).toContain(field);
  });

  it('is ADMIN only and append-only: other roles get 403, no route writes or deletes entries', async () => {
    for (const role of ['PM', 'DEV', 'STAKEHOLDER', 'GUEST']) {
      const member = role === 'DEV' ? dev : await createMember(org, role);
      expect((await member.api.get(LOG)).status).toBe(403);
    }
    const [entry] = (await org.api.get(`${LOG}?limit=1`)).body as Json[];
    expect((await org.api.post(LOG, { action: 'created' })).status).toBe(404);
    expect((await org.api.delete(`${LOG}/${entry.id}`)).status).toBe(404);
    expect((await org.api.patch(`${LOG}/${entry.id}`, { action: 'x' })).status).toBe(404);
  });
});

describe('record history', () => {
  it('is readable by every role that reads the record; another organization’s record, or an unknown one, is 404', async () => {
    const org = await createOrganization();
    const item = (await org.api.post('/api/v1/work-items', { title: 'Private', type: 'TASK' })).body;
    const intake = (await org.api.post('/api/v1/intake', { kind: 'BUG', title: 'Broken' })).body;
    await history(org.api, 'work-items', item.key);
    await history(org.api, 'intake', intake.key);
    const guest = await createMember(org, 'GUEST');
    expect((await guest.api.get(`/api/v1/work-items/${item.key}/history`)).body).toHaveLength(1);

    const other = await createOrganization();
    for (const path of [`/work-items/${item.id}`, `/work-items/${item.key}`, `/intake/${intake.id}`, '/ckrs/OKR-999', '/opportunities/00000000-0000-4000-8000-000000000000']) {
      const response = await other.api.get(`/api/v1${path}/history`);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('NotFound');
    }
    expect((await other.api.get(`${LOG}?recordId=${item.id}`)).body).toEqual([]);
    expect((await org.api.get(`${LOG}?recordId=${item.id}`)).body).toHaveLength(1);
  });
});
