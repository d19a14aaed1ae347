import { createMember, createOrganization } from './support/client';
import { EventRecorder, itInDistributedRun } from './support/events';
import { WORK_ITEM_SHAPE, shapeViolations } from './support/shapes';

const BASE = '/api/v1/work-items';

describe('work items', () => {
  it('creates with defaults; every contract field is present with its type', async () => {
    const org = await createOrganization();
    const response = await org.api.post(BASE, { title: 'Ship the thing', type: 'FEATURE' });
    expect(response.status).toBe(200);
    expect(shapeViolations(response.body, WORK_ITEM_SHAPE)).toEqual([]);
    expect(response.body).toMatchObject({
      key: 'WI-1',
      title: 'Ship the thing',
      type: 'FEATURE',
      status: 'BACKLOG',
      priority: 'MEDIUM',
      adHoc: false,
      carryOverCount: 0,
      classification: 'unclassified',
      labels: [],
      blockedByCount: 0,
      isBlocked: false,
      description: null,
      estimate: null,
    });
  });

  it('stores every optional field it is given', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const body = {
      title: 'Fully specified',
      type: 'BUG',
      description: '**markdown** body',
      priority: 'CRITICAL',
      status: 'TODO',
      adHoc: true,
      estimate: 5,
      storyPoints: 8,
      dueDate: '2026-12-24',
      assigneeId: dev.user.id,
      reporterId: org.admin.id,
      productManagerId: org.admin.id,
      reporterSource: 'CUSTOMER_SUPPORT',
      experimentKind: 'TEST',
      maintenanceCategory: 'BUG',
      discipline: 'BACKEND',
      mentionedUserIds: [dev.user.id],
    };
    const response = await org.api.post(BASE, body);
    expect(response.status).toBe(200);
    const { mentionedUserIds: _mentions, ...visible } = body;
    expect(response.body).toMatchObject({ ...visible, classification: 'maintenance' });
    expect(shapeViolations(response.body, WORK_ITEM_SHAPE)).toEqual([]);
  });

  it('fetches by uuid and by key in any case', async () => {
    const org = await createOrganization();
    const created = (await org.api.post(BASE, { title: 'Find me', type: 'TASK' })).body;
    for (const ref of [created.id, 'WI-1', 'wi-1']) {
      const response = await org.api.get(`${BASE}/${ref}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.body).toEqual(created);
      // The gateway passes the service's JSON on as text: the same bytes a serializer would write.
      expect(response.text).toBe(JSON.stringify(created));
    }
    const missing = await org.api.get(`${BASE}/WI-2`);
    expect(missing.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(missing.body).toMatchObject({ error: 'NotFound', message: expect.any(String) });
    expect((await org.api.get(`${BASE}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await org.api.get(`${BASE}/OKR-1`)).status).toBe(404);
  });

  it('numbers keys per organization and never twice, even when created concurrently', async () => {
    const org = await createOrganization();
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => org.api.post(BASE, { title: `Parallel ${i}`, type: 'TASK' })));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const keys = responses.map((r) => r.body.key).sort();
    expect(new Set(keys).size).toBe(12);
    expect(keys.map((k: string) => Number(k.slice(3))).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    const other = await createOrganization();
    expect((await other.api.post(BASE, { title: 'Theirs', type: 'TASK' })).body.key).toBe('WI-1');
  });

  it('lists in key order with filters and cursor paging', async () => {
    const org = await createOrganization();
    await org.api.post(BASE, { title: 'Alpha bug', type: 'BUG', status: 'TODO' });
    await org.api.post(BASE, { title: 'Beta task', type: 'TASK', status: 'DONE' });
    await org.api.post(BASE, { title: 'Gamma bug', type: 'BUG', status: 'IN_PROGRESS' });
    const all = await org.api.get(BASE);
    expect(all.body.map((w: { key: string }) => w.key)).toEqual(['WI-1', 'WI-2', 'WI-3']);
    expect((await org.api.get(`${BASE}?type=BUG`)).body.map((w: { key: string }) => w.key)).toEqual(['WI-1', 'WI-3']);
    expect((await org.api.get(`${BASE}?status=TODO,DONE`)).body.map((w: { key: string }) => w.key)).toEqual(['WI-1', 'WI-2']);
    expect((await org.api.get(`${BASE}?status=TODO&status=IN_PROGRESS`)).body).toHaveLength(2);
    expect((await org.api.get(`${BASE}?q=gamma`)).body.map((w: { key: string }) => w.key)).toEqual(['WI-3']);
    expect((await org.api.get(`${BASE}?q=wi-2`)).body.map((w: { key: string }) => w.key)).toEqual(['WI-2']);
    expect((await org.api.get(`${BASE}?status=done_ish`)).status).toBe(400);

    const first = await org.api.get(`${BASE}?limit=2`);
    expect(first.body.map((w: { key: string }) => w.key)).toEqual(['WI-1', 'WI-2']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await org.api.get(`${BASE}?limit=2&cursor=${encodeURIComponent(cursor as string)}`);
    expect(second.body.map((w: { key: string }) => w.key)).toEqual(['WI-3']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
    expect((await org.api.get(`${BASE}?cursor=garbage`)).status).toBe(400);
    expect((await org.api.get(`${BASE}?limit=0`)).status).toBe(400);
    expect((await org.api.get(`${BASE}?limit=501`)).status).toBe(400);
  });

  it('patches, clears nullable fields with null, and keeps the rest', async () => {
    const org = await createOrganization();
    const created = (await org.api.post(BASE, { title: 'Patch me', type: 'TASK', estimate: 3, description: 'text', dueDate: '2026-01-31' })).body;
    const patched = await org.api.patch(`${BASE}/${created.key}`, { status: 'IN_REVIEW', estimate: null, description: null, dueDate: null, priority: 'HIGH' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'IN_REVIEW', estimate: null, description: null, dueDate: null, priority: 'HIGH', title: 'Patch me' });
    expect(Date.parse(patched.body.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect((await org.api.get(`${BASE}/${created.id}`)).body).toEqual(patched.body);
    expect((await org.api.patch(`${BASE}/${created.id}`, { title: null })).status).toBe(400);
    expect((await org.api.patch(`${BASE}/${created.id}`, { status: null })).status).toBe(400);
  });

  it('answers a stale expectedUpdatedAt with 409 and changes nothing', async () => {
    const org = await createOrganization();
    const created = (await org.api.post(BASE, { title: 'Contended', type: 'TASK' })).body;
    const first = await org.api.patch(`${BASE}/${created.id}`, { expectedUpdatedAt: created.updatedAt, title: 'First writer' });
    expect(first.status).toBe(200);
    const second = await org.api.patch(`${BASE}/${created.id}`, { expectedUpdatedAt: created.updatedAt, title: 'Second writer' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'Conflict', details: { updatedAt: first.body.updatedAt } });
    expect((await org.api.get(`${BASE}/${created.id}`)).body.title).toBe('First writer');
  });

  describe('bad input gets 400 with details and writes nothing', () => {
    const uuids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    it.each([
      ['a 1-character title', { title: 'x', type: 'TASK' }, 'title'],
      ['a 201-character title', { title: 'x'.repeat(201), type: 'TASK' }, 'title'],
      ['a lowercase type', { title: 'Fine', type: 'feature' }, 'type'],
      ['a missing type', { title: 'Fine' }, 'type'],
      ['estimate -1', { title: 'Fine', type: 'TASK', estimate: -1 }, 'estimate'],
      ['estimate 1.5', { title: 'Fine', type: 'TASK', estimate: 1.5 }, 'estimate'],
      ['storyPoints as a string', { title: 'Fine', type: 'TASK', storyPoints: '3' }, 'storyPoints'],
      ['51 labelIds', { title: 'Fine', type: 'TASK', labelIds: uuids(51) }, 'labelIds'],
      ['51 mentionedUserIds', { title: 'Fine', type: 'TASK', mentionedUserIds: uuids(51) }, 'mentionedUserIds'],
      ['a non-uuid assigneeId', { title: 'Fine', type: 'TASK', assigneeId: 'bob' }, 'assigneeId'],
      ['an unknown field', { title: 'Fine', type: 'TASK', color: 'red' }, 'color'],
      ['an impossible dueDate', { title: 'Fine', type: 'TASK', dueDate: '2026-13-01' }, 'dueDate'],
      ['a wrong priority', { title: 'Fine', type: 'TASK', priority: 'URGENT' }, 'priority'],
    ])('%s', async (_label, body, field) => {
      const org = await createOrganization();
      const response = await org.api.post(BASE, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('BadRequest');
      expect(response.body.details).toHaveProperty(field);
      expect((await org.api.get(BASE)).body).toEqual([]);
    });

    it('accepts titles of exactly 2 and 200 characters', async () => {
      const org = await createOrganization();
      expect((await org.api.post(BASE, { title: 'ab', type: 'TASK' })).status).toBe(200);
      expect((await org.api.post(BASE, { title: 'y'.repeat(200), type: 'TASK' })).status).toBe(200);
    });

    it('ids that name nothing of the organization', async () => {
      const org = await createOrganization();
      const response = await org.api.post(BASE, { title: 'Fine', type: 'TASK', sprintId: uuids(1)[0], labelIds: uuids(2), assigneeId: uuids(3)[2], ckrId: uuids(4)[3] });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.details).sort()).toEqual(['assigneeId', 'ckrId', 'labelIds', 'sprintId']);
      expect((await org.api.get(BASE)).body).toEqual([]);
    });
  });

  it("isolates organizations: another organization's work item is 404 and not a valid reference", async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const theirs = (await a.api.post(BASE, { title: 'Private', type: 'TASK' })).body;
    expect((await b.api.get(`${BASE}/${theirs.id}`)).status).toBe(404);
    expect((await b.api.patch(`${BASE}/${theirs.id}`, { title: 'Hijacked' })).status).toBe(404);
    expect((await b.api.get(BASE)).body).toEqual([]);
    const child = await b.api.post(BASE, { title: 'Child', type: 'TASK', parentId: theirs.id });
    expect(child.status).toBe(400);
    const assigned = await b.api.post(BASE, { title: 'Assigned', type: 'TASK', assigneeId: a.admin.id });
    expect(assigned.status).toBe(400);
    expect((await a.api.get(`${BASE}/${theirs.id}`)).body.title).toBe('Private');
  });

  it('lets DEV write and GUEST only read', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const guest = await createMember(org, 'GUEST');
    const created = await dev.api.post(BASE, { title: 'By a dev', type: 'TASK' });
    expect(created.status).toBe(200);
    expect((await guest.api.get(`${BASE}/${created.body.key}`)).status).toBe(200);
    const denied = await guest.api.post(BASE, { title: 'By a guest', type: 'TASK' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Forbidden');
    expect((await guest.api.patch(`${BASE}/${created.body.key}`, { title: 'Changed' })).status).toBe(403);
  });

  itInDistributedRun('publishes created, updated and status_changed to JetStream exactly once per change', async () => {
    const org = await createOrganization();
    const recorder = await EventRecorder.start(org.organization.id);
    try {
      const created = (await org.api.post(BASE, { title: 'Evented', type: 'TASK' })).body;
      const moved = (await org.api.patch(`${BASE}/${created.id}`, { status: 'IN_PROGRESS' })).body;
      await org.api.patch(`${BASE}/${created.id}`, { status: 'IN_PROGRESS' });
      const events = await recorder.settled((e) => e.data.id === created.id, 3);
      expect(events.map((e) => e.event)).toEqual(['work_item.created', 'work_item.updated', 'work_item.status_changed']);
      expect(new Set(events.map((e) => e.id)).size).toBe(3);
      expect(events[0]).toMatchObject({ apiVersion: '2026-07-13', organizationId: org.organization.id, data: created });
      expect(events[2].data).toMatchObject({ ...moved, previousStatus: 'BACKLOG' });
      expect(events[2].data.status).toBe('IN_PROGRESS');
    } finally {
      await recorder.close();
    }
  });
});
