import { ApiClient, TestOrganization, createMember, createOrganization } from './support/client';
import { EventRecorder, itInDistributedRun } from './support/events';
import { SPRINT_SHAPE } from './support/shapes-delivery';
import { shapeViolations } from './support/shapes';

const SPRINTS = '/api/v1/sprints';
const ITEMS = '/api/v1/work-items';

async function team(org: TestOrganization, name = 'Core'): Promise<string> {
  return (await org.api.post('/api/v1/teams', { name })).body.id;
}

function sprint(org: { api: ApiClient }, body: Record<string, unknown>) {
  return org.api.post(SPRINTS, { name: 'Sprint', startDate: '2026-01-05', endDate: '2026-01-16', ...body });
}

describe('sprints', () => {
  it('creates PLANNED, gets by id, lists in start order, patches fields', async () => {
    const org = await createOrganization();
    const teamId = await team(org);
    const later = await sprint(org, { name: 'Later', startDate: '2026-02-02', endDate: '2026-02-13', teamId, goal: 'Ship' });
    expect(later.status).toBe(200);
    expect(shapeViolations(later.body, SPRINT_SHAPE)).toEqual([]);
    expect(later.body).toMatchObject({ name: 'Later', goal: 'Ship', startDate: '2026-02-02', endDate: '2026-02-13', status: 'PLANNED', teamId });
    const earlier = (await sprint(org, { name: 'Earlier' })).body;
    expect(earlier).toMatchObject({ goal: null, teamId: null });

    expect((await org.api.get(`${SPRINTS}/${later.body.id}`)).body).toEqual(later.body);
    const listed = await org.api.get(SPRINTS);
    expect(listed.body.map((s: { name: string }) => s.name)).toEqual(['Earlier', 'Later']);
    listed.body.forEach((s: unknown) => expect(shapeViolations(s, SPRINT_SHAPE)).toEqual([]));
    expect((await org.api.get(`${SPRINTS}?teamId=${teamId}`)).body.map((s: { name: string }) => s.name)).toEqual(['Later']);

    const patched = await org.api.patch(`${SPRINTS}/${later.body.id}`, { name: 'Renamed', goal: null, endDate: '2026-02-20' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Renamed', goal: null, endDate: '2026-02-20', startDate: '2026-02-02' });
    expect((await org.api.get(`${SPRINTS}/${later.body.id}`)).body).toEqual(patched.body);
  });

  it('endDate before startDate: 400 on create and on update, nothing written', async () => {
    const org = await createOrganization();
    const bad = await sprint(org, { startDate: '2026-03-10', endDate: '2026-03-09' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toHaveProperty('endDate');
    expect((await org.api.get(SPRINTS)).body).toEqual([]);
    // The same day is fine.
    const oneDay = await sprint(org, { startDate: '2026-03-10', endDate: '2026-03-10' });
    expect(oneDay.status).toBe(200);
    const badPatch = await org.api.patch(`${SPRINTS}/${oneDay.body.id}`, { startDate: '2026-03-11' });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.details).toHaveProperty('endDate');
    expect((await org.api.get(`${SPRINTS}/${oneDay.body.id}`)).body.startDate).toBe('2026-03-10');
  });

  it.each([
    ['an impossible date', { startDate: '2026-02-30' }, 'startDate'],
    ['a missing name', { name: undefined }, 'name'],
    ['an unknown status on create', { status: 'ACTIVE' }, 'status'],
    ['a teamId that is not a uuid', { teamId: 'core' }, 'teamId'],
    ['an unknown teamId', { teamId: '00000000-0000-4000-8000-000000000000' }, 'teamId'],
  ])('%s: 400', async (_label, body, field) => {
    const org = await createOrganization();
    const response = await sprint(org, body);
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveProperty(field);
    expect((await org.api.get(SPRINTS)).body).toEqual([]);
  });

  it('moves PLANNED → ACTIVE → COMPLETED only; one ACTIVE sprint per team', async () => {
    const org = await createOrganization();
    const teamId = await team(org, 'A');
    const otherTeam = await team(org, 'B');
    const first = (await sprint(org, { teamId })).body;
    const second = (await sprint(org, { teamId, startDate: '2026-01-19', endDate: '2026-01-30' })).body;
    const elsewhere = (await sprint(org, { teamId: otherTeam })).body;

    expect((await org.api.patch(`${SPRINTS}/${first.id}`, { status: 'COMPLETED' })).status).toBe(409);
    expect((await org.api.patch(`${SPRINTS}/${first.id}`, { status: 'ACTIVE' })).body.status).toBe('ACTIVE');
    const secondActive = await org.api.patch(`${SPRINTS}/${second.id}`, { status: 'ACTIVE' });
    expect(secondActive.status).toBe(409);
    expect(secondActive.body.error).toBe('Conflict');
    expect((await org.api.get(`${SPRINTS}/${second.id}`)).body.status).toBe('PLANNED');
    // Another team has its own ACTIVE sprint.
    expect((await org.api.patch(`${SPRINTS}/${elsewhere.id}`, { status: 'ACTIVE' })).status).toBe(200);
    expect((await org.api.patch(`${SPRINTS}/${first.id}`, { status: 'PLANNED' })).status).toBe(409);
    expect((await org.api.patch(`${SPRINTS}/${first.id}`, { status: 'COMPLETED' })).body.status).toBe('COMPLETED');
    expect((await org.api.patch(`${SPRINTS}/${first.id}`, { status: 'ACTIVE' })).status).toBe(409);
    expect((await org.api.patch(`${SPRINTS}/${second.id}`, { status: 'ACTIVE' })).body.status).toBe('ACTIVE');
    expect((await org.api.get(`${SPRINTS}?status=ACTIVE`)).body.map((s: { id: string }) => s.id).sort()).toEqual([second.id, elsewhere.id].sort());
  });

  it('concurrent activations of two sprints of one team: exactly one wins', async () => {
    const org = await createOrganization();
    const teamId = await team(org);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await sprint(org, { teamId, name: `S${i}` })).body.id);
    const responses = await Promise.all(ids.map((id) => org.api.patch(`${SPRINTS}/${id}`, { status: 'ACTIVE' })));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(3);
    expect((await org.api.get(`${SPRINTS}?status=ACTIVE`)).body).toHaveLength(1);
  });

  it('completing moves unfinished items to the next planned sprint of the team and counts the carry-over', async () => {
    const org = await createOrganization();
    const teamId = await team(org);
    const current = (await sprint(org, { teamId, name: 'Current' })).body;
    const far = (await sprint(org, { teamId, name: 'Far', startDate: '2026-03-02', endDate: '2026-03-13' })).body;
    const next = (await sprint(org, { teamId, name: 'Next', startDate: '2026-01-19', endDate: '2026-01-30' })).body;
    await sprint(org, { name: 'No team', startDate: '2026-01-19', endDate: '2026-01-30' });
    const open = (await org.api.post(ITEMS, { title: 'Open', type: 'TASK', sprintId: current.id, status: 'IN_PROGRESS' })).body;
    const done = (await org.api.post(ITEMS, { title: 'Done', type: 'TASK', sprintId: current.id, status: 'DONE' })).body;
    const cancelled = (await org.api.post(ITEMS, { title: 'Cancelled', type: 'TASK', sprintId: current.id, status: 'CANCELLED' })).body;

    await org.api.patch(`${SPRINTS}/${current.id}`, { status: 'ACTIVE' });
    const completed = await org.api.patch(`${SPRINTS}/${current.id}`, { status: 'COMPLETED' });
    expect(completed.status).toBe(200);

    const moved = (await org.api.get(`${ITEMS}/${open.id}`)).body;
    expect(moved).toMatchObject({ sprintId: next.id, carryOverCount: 1, status: 'IN_PROGRESS' });
    expect(Date.parse(moved.updatedAt)).toBeGreaterThan(Date.parse(open.updatedAt));
    expect((await org.api.get(`${ITEMS}/${done.id}`)).body).toEqual(done);
    expect((await org.api.get(`${ITEMS}/${cancelled.id}`)).body).toEqual(cancelled);
    expect((await org.api.get(`${ITEMS}?sprintId=${next.id}`)).body.map((w: { id: string }) => w.id)).toEqual([open.id]);
    expect((await org.api.get(`${ITEMS}?sprintId=${far.id}`)).body).toEqual([]);

    // Next carries over to Far (the only PLANNED one left); Far, with none left, to the backlog.
    await org.api.patch(`${SPRINTS}/${next.id}`, { status: 'ACTIVE' });
    await org.api.patch(`${SPRINTS}/${next.id}`, { status: 'COMPLETED' });
    expect((await org.api.get(`${ITEMS}/${open.id}`)).body).toMatchObject({ sprintId: far.id, carryOverCount: 2 });
    await org.api.patch(`${SPRINTS}/${far.id}`, { status: 'ACTIVE' });
    await org.api.patch(`${SPRINTS}/${far.id}`, { status: 'COMPLETED' });
    expect((await org.api.get(`${ITEMS}/${open.id}`)).body).toMatchObject({ sprintId: null, carryOverCount: 3 });
  });

  it("isolates organizations: another organization's sprint is 404 and no valid sprintId", async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const theirs = (await sprint(a, {})).body;
    expect((await b.api.get(`${SPRINTS}/${theirs.id}`)).status).toBe(404);
    expect((await b.api.patch(`${SPRINTS}/${theirs.id}`, { name: 'Hijacked' })).status).toBe(404);
    expect((await b.api.get(`${SPRINTS}/not-a-uuid`)).status).toBe(404);
    expect((await b.api.get(SPRINTS)).body).toEqual([]);
    const item = await b.api.post(ITEMS, { title: 'Borrowing', type: 'TASK', sprintId: theirs.id });
    expect(item.status).toBe(400);
    expect(item.body.details).toHaveProperty('sprintId');
    const teamOfA = await team(a);
    const cross = await sprint(b, { teamId: teamOfA });
    expect(cross.status).toBe(400);
    expect((await a.api.get(`${SPRINTS}/${theirs.id}`)).body.name).toBe('Sprint');
  });

  it('DEV plans sprints, GUEST reads', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const guest = await createMember(org, 'GUEST');
    const created = await sprint(dev, {});
    expect(created.status).toBe(200);
    expect((await guest.api.get(`${SPRINTS}/${created.body.id}`)).status).toBe(200);
    expect((await sprint(guest, {})).status).toBe(403);
    expect((await guest.api.patch(`${SPRINTS}/${created.body.id}`, { status: 'ACTIVE' })).status).toBe(403);
  });

  itInDistributedRun('completing emits work_item.updated once per moved item', async () => {
    const org = await createOrganization();
    const current = (await sprint(org, {})).body;
    const items = [];
    for (let i = 0; i < 2; i++) items.push((await org.api.post(ITEMS, { title: `Open ${i}`, type: 'TASK', sprintId: current.id })).body);
    await org.api.patch(`${SPRINTS}/${current.id}`, { status: 'ACTIVE' });
    const recorder = await EventRecorder.start(org.organization.id);
    try {
      await org.api.patch(`${SPRINTS}/${current.id}`, { status: 'COMPLETED' });
      // The recorder starts a moment in the past: the creations may show up, and are not counted.
      const events = await recorder.settled((e) => e.event.startsWith('work_item.') && e.event !== 'work_item.created', 2);
      expect(events.map((e) => e.event)).toEqual(['work_item.updated', 'work_item.updated']);
      expect(events.map((e) => e.data.id).sort()).toEqual(items.map((i) => i.id).sort());
      for (const event of events) expect(event.data).toMatchObject({ sprintId: null, carryOverCount: 1 });
    } finally {
      await recorder.close();
    }
  });
});
