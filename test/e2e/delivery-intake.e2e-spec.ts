import { createMember, createOrganization } from './support/client';
import { EventRecorder, itInDistributedRun } from './support/events';
import { INTAKE_SHAPE } from './support/shapes-delivery';
import { shapeViolations } from './support/shapes';

const INTAKE = '/api/v1/intake';
const ITEMS = '/api/v1/work-items';

describe('intake', () => {
  it('a stakeholder submits; keys are INT-n; every contract field is present', async () => {
    const org = await createOrganization();
    const stakeholder = await createMember(org, 'STAKEHOLDER');
    const dev = await createMember(org, 'DEV');
    const created = await stakeholder.api.post(INTAKE, {
      kind: 'BUG',
      title: 'Export breaks',
      description: 'Steps: *click* export',
      source: 'CUSTOMER_SUPPORT',
      assigneeId: dev.user.id,
      watcherIds: [dev.user.id],
    });
    expect(created.status).toBe(200);
    expect(shapeViolations(created.body, INTAKE_SHAPE)).toEqual([]);
    expect(created.body).toMatchObject({
      key: 'INT-1',
      kind: 'BUG',
      stage: 'SUBMITTED',
      source: 'CUSTOMER_SUPPORT',
      assigneeId: dev.user.id,
      watcherIds: [dev.user.id],
      workItemId: null,
      workItemKey: null,
      workItemStatus: null,
      viaPortal: false,
      moderationState: 'CLEAN',
      openReportCount: 0,
      moderationReports: [],
      votes: 0,
      submitterName: null,
      submitterEmail: null,
      completedAt: null,
    });
    const second = (await org.api.post(INTAKE, { kind: 'IMPROVEMENT', title: 'Dark mode' })).body;
    expect(second).toMatchObject({ key: 'INT-2', description: null, source: null, watcherIds: [] });
    for (const ref of [created.body.id, 'INT-1', 'int-1']) expect((await org.api.get(`${INTAKE}/${ref}`)).body).toEqual(created.body);
    expect((await org.api.get(INTAKE)).body.map((s: { key: string }) => s.key)).toEqual(['INT-1', 'INT-2']);
    expect((await org.api.get(`${INTAKE}?kind=IMPROVEMENT`)).body.map((s: { key: string }) => s.key)).toEqual(['INT-2']);
    expect((await org.api.get(`${INTAKE}/INT-3`)).status).toBe(404);
  });

  describe('bad input: 400 with details, nothing written', () => {
    const uuids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    it.each([
      ['a title of 2 characters', { title: 'ab' }, 'title'],
      ['a title of 201 characters', { title: 'x'.repeat(201) }, 'title'],
      ['a description of 900001 characters', { description: 'd'.repeat(900_001) }, 'description'],
      ['21 watchers', { watcherIds: uuids(21) }, 'watcherIds'],
      ['kind FEATURE', { kind: 'FEATURE' }, 'kind'],
      ['a missing kind', { kind: undefined }, 'kind'],
      ['an unknown source', { source: 'PRESS' }, 'source'],
      ['an unknown watcher', { watcherIds: uuids(1) }, 'watcherIds'],
      ['an unknown assignee', { assigneeId: uuids(1)[0] }, 'assigneeId'],
      ['an unknown field', { priority: 'HIGH' }, 'priority'],
    ])('%s', async (_label, override, field) => {
      const org = await createOrganization();
      const response = await org.api.post(INTAKE, { kind: 'BUG', title: 'Fine title', ...override });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('BadRequest');
      expect(response.body.details).toHaveProperty(field);
      expect((await org.api.get(INTAKE)).body).toEqual([]);
    });

    it('accepts titles of 3 and 200 characters and a description of 900000', async () => {
      const org = await createOrganization();
      expect((await org.api.post(INTAKE, { kind: 'BUG', title: 'abc' })).status).toBe(200);
      expect((await org.api.post(INTAKE, { kind: 'BUG', title: 't'.repeat(200) })).status).toBe(200);
      const long = await org.api.post(INTAKE, { kind: 'IMPROVEMENT', title: 'Long one', description: 'd'.repeat(900_000) });
      expect(long.status).toBe(200);
      expect(long.body.description).toHaveLength(900_000);
    });
  });

  it('votes once per user; a second vote is 409; withdrawing works once', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const submission = (await org.api.post(INTAKE, { kind: 'IMPROVEMENT', title: 'Vote for me' })).body;
    const first = await org.api.post(`${INTAKE}/${submission.id}/votes`);
    expect(first.status).toBe(200);
    expect(first.body.votes).toBe(1);
    const twice = await org.api.post(`${INTAKE}/${submission.key}/votes`);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Conflict');
    expect((await dev.api.post(`${INTAKE}/${submission.id}/votes`)).body.votes).toBe(2);
    const withdrawn = await org.api.delete(`${INTAKE}/${submission.id}/votes`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.text).toBe('');
    expect((await org.api.delete(`${INTAKE}/${submission.id}/votes`)).status).toBe(404);
    expect((await org.api.get(`${INTAKE}/${submission.id}`)).body.votes).toBe(1);
  });

  it('three open reports flag a submission; a PM hides or clears it and resolves the reports', async () => {
    const org = await createOrganization();
    const reporters = [org.api, (await createMember(org, 'DEV')).api, (await createMember(org, 'PM')).api];
    const submission = (await org.api.post(INTAKE, { kind: 'BUG', title: 'Questionable' })).body;
    const reported = await reporters[0].post(`${INTAKE}/${submission.id}/reports`, { reason: 'SPAM', details: 'ads' });
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({ openReportCount: 1, moderationState: 'CLEAN' });
    expect(reported.body.moderationReports).toEqual([{ id: expect.any(String), reason: 'SPAM', details: 'ads', createdAt: expect.any(String) }]);
    expect((await reporters[0].post(`${INTAKE}/${submission.id}/reports`, { reason: 'OTHER' })).status).toBe(409);
    const bad = await reporters[1].post(`${INTAKE}/${submission.id}/reports`, { reason: 'RUDE' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toHaveProperty('reason');
    expect((await reporters[1].post(`${INTAKE}/${submission.id}/reports`, { reason: 'HARASSMENT' })).body.moderationState).toBe('CLEAN');
    const third = await reporters[2].post(`${INTAKE}/${submission.id}/reports`, { reason: 'PERSONAL_DATA' });
    expect(third.body).toMatchObject({ openReportCount: 3, moderationState: 'FLAGGED' });

    const hidden = await org.api.patch(`${INTAKE}/${submission.id}`, { moderationState: 'HIDDEN' });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({ moderationState: 'HIDDEN', openReportCount: 0, moderationReports: [] });
    const cleared = await org.api.patch(`${INTAKE}/${submission.id}`, { moderationState: 'CLEAN' });
    expect(cleared.body.moderationState).toBe('CLEAN');
    expect((await org.api.patch(`${INTAKE}/${submission.id}`, { moderationState: 'FLAGGED' })).status).toBe(400);
  });

  it('life cycle: vote, report, convert to a work item whose status drives the stage until DONE', async () => {
    const org = await createOrganization();
    const stakeholder = await createMember(org, 'STAKEHOLDER');
    const submission = (await stakeholder.api.post(INTAKE, { kind: 'BUG', title: 'Crash on save', description: 'It crashes', source: 'SALES' })).body;
    await stakeholder.api.post(`${INTAKE}/${submission.id}/votes`);
    await stakeholder.api.post(`${INTAKE}/${submission.id}/reports`, { reason: 'OTHER' });

    const converted = await org.api.post(`${INTAKE}/${submission.id}/convert`, { target: 'WORK_ITEM' });
    expect(converted.status).toBe(200);
    expect(shapeViolations(converted.body, INTAKE_SHAPE)).toEqual([]);
    expect(converted.body).toMatchObject({ workItemKey: 'WI-1', workItemStatus: 'BACKLOG', stage: 'IN_PREPARATION', votes: 1, completedAt: null });
    const item = (await org.api.get(`${ITEMS}/${converted.body.workItemId}`)).body;
    expect(item).toMatchObject({ title: 'Crash on save', description: 'It crashes', type: 'BUG', reporterSource: 'SALES' });
    expect((await org.api.post(`${INTAKE}/${submission.id}/convert`, { target: 'WORK_ITEM' })).status).toBe(409);
    expect((await org.api.get(ITEMS)).body).toHaveLength(1);
    expect((await org.api.patch(`${INTAKE}/${submission.id}`, { stage: 'DONE' })).status).toBe(409);

    await org.api.patch(`${ITEMS}/${item.id}`, { status: 'IN_REVIEW' });
    expect((await org.api.get(`${INTAKE}/${submission.id}`)).body).toMatchObject({ workItemStatus: 'IN_REVIEW', stage: 'IN_PROGRESS', completedAt: null });
    await org.api.patch(`${ITEMS}/${item.id}`, { status: 'DONE' });
    const done = (await org.api.get(`${INTAKE}/${submission.id}`)).body;
    expect(done).toMatchObject({ workItemStatus: 'DONE', stage: 'DONE' });
    expect(Date.parse(done.completedAt)).toBeGreaterThanOrEqual(Date.parse(submission.createdAt));
    await org.api.patch(`${ITEMS}/${item.id}`, { status: 'IN_PROGRESS' });
    expect((await org.api.get(`${INTAKE}/${submission.id}`)).body).toMatchObject({ stage: 'IN_PROGRESS', completedAt: null });
  });

  it('convert refuses an unknown target and work-item type', async () => {
    const org = await createOrganization();
    const submission = (await org.api.post(INTAKE, { kind: 'IMPROVEMENT', title: 'Idea' })).body;
    for (const body of [{ target: 'EPIC' }, {}, { target: 'WORK_ITEM', type: 'CHORE' }]) {
      expect((await org.api.post(`${INTAKE}/${submission.id}/convert`, body)).status).toBe(400);
    }
    expect((await org.api.get(ITEMS)).body).toEqual([]);
    const converted = await org.api.post(`${INTAKE}/${submission.id}/convert`, { target: 'WORK_ITEM', type: 'STORY' });
    expect((await org.api.get(`${ITEMS}/${converted.body.workItemId}`)).body.type).toBe('STORY');
  });

  it('converts into an opportunity of strategy-discovery, once', async () => {
    const org = await createOrganization();
    const description = 'd'.repeat(6000);
    const submission = (await org.api.post(INTAKE, { kind: 'IMPROVEMENT', title: 'Bulk export', description })).body;
    expect((await org.api.post(`${INTAKE}/${submission.id}/convert`, { target: 'OPPORTUNITY', type: 'STORY' })).status).toBe(400);
    const converted = await org.api.post(`${INTAKE}/${submission.key}/convert`, { target: 'OPPORTUNITY' });
    expect(converted.status).toBe(200);
    expect(shapeViolations(converted.body, INTAKE_SHAPE)).toEqual([]);
    expect(converted.body).toMatchObject({ opportunityId: expect.any(String), opportunityKey: 'OPP-1', workItemId: null, workItemKey: null });
    const opportunity = await org.api.get(`/api/v1/opportunities/${converted.body.opportunityId}`);
    expect(opportunity.status).toBe(200);
    expect(opportunity.body).toMatchObject({ key: 'OPP-1', title: 'Bulk export', status: 'NEW' });
    expect(opportunity.body.description.length).toBeLessThanOrEqual(5000);
    expect(opportunity.body.description.startsWith('d'.repeat(100))).toBe(true);
    expect((await org.api.post(`${INTAKE}/${submission.id}/convert`, { target: 'WORK_ITEM' })).status).toBe(409);
    expect((await org.api.post(`${INTAKE}/${submission.id}/convert`, { target: 'OPPORTUNITY' })).status).toBe(409);
    expect((await org.api.get('/api/v1/opportunities')).body).toHaveLength(1);
  });

  it('triage: PM sets stage, assignee, watchers and visibility; manual DONE sets completedAt', async () => {
    const org = await createOrganization();
    const pm = await createMember(org, 'PM');
    const submission = (await org.api.post(INTAKE, { kind: 'IMPROVEMENT', title: 'Idea' })).body;
    const patched = await pm.api.patch(`${INTAKE}/${submission.id}`, { stage: 'IN_PREPARATION', assigneeId: pm.user.id, watcherIds: [pm.user.id], isPublic: true });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ stage: 'IN_PREPARATION', assigneeId: pm.user.id, watcherIds: [pm.user.id], isPublic: true });
    const done = (await pm.api.patch(`${INTAKE}/${submission.id}`, { stage: 'DONE', assigneeId: null })).body;
    expect(done).toMatchObject({ stage: 'DONE', assigneeId: null });
    expect(done.completedAt).not.toBeNull();
    expect((await pm.api.patch(`${INTAKE}/${submission.id}`, { stage: 'LATER' })).status).toBe(400);
    expect((await pm.api.patch(`${INTAKE}/${submission.id}`, { watcherIds: ['00000000-0000-4000-8000-000000000000'] })).status).toBe(400);
  });

  it('roles: STAKEHOLDER submits, votes and reports but does not triage; GUEST only reads', async () => {
    const org = await createOrganization();
    const stakeholder = await createMember(org, 'STAKEHOLDER');
    const guest = await createMember(org, 'GUEST');
    const dev = await createMember(org, 'DEV');
    const submission = (await stakeholder.api.post(INTAKE, { kind: 'BUG', title: 'Mine' })).body;
    expect((await stakeholder.api.post(`${INTAKE}/${submission.id}/votes`)).status).toBe(200);
    expect((await stakeholder.api.patch(`${INTAKE}/${submission.id}`, { stage: 'DONE' })).status).toBe(403);
    expect((await dev.api.post(`${INTAKE}/${submission.id}/convert`, { target: 'WORK_ITEM' })).status).toBe(403);
    expect((await guest.api.get(`${INTAKE}/${submission.id}`)).status).toBe(200);
    expect((await guest.api.post(INTAKE, { kind: 'BUG', title: 'Guest' })).status).toBe(403);
    expect((await guest.api.post(`${INTAKE}/${submission.id}/votes`)).status).toBe(403);
    expect((await guest.api.post(`${INTAKE}/${submission.id}/reports`, { reason: 'SPAM' })).status).toBe(403);
  });

  it('stakeholders comment on intake; GUEST reads the comments only', async () => {
    const org = await createOrganization();
    const stakeholder = await createMember(org, 'STAKEHOLDER');
    const guest = await createMember(org, 'GUEST');
    const submission = (await stakeholder.api.post(INTAKE, { kind: 'BUG', title: 'Needs detail' })).body;
    const comment = await stakeholder.api.post(`${INTAKE}/${submission.key}/comments`, { body: 'It happens on *Mondays*' });
    expect(comment.status).toBe(200);
    expect(comment.body).toMatchObject({ intakeId: submission.id, body: 'It happens on *Mondays*', authorId: expect.any(String), createdAt: expect.any(String) });
    expect((await guest.api.get(`${INTAKE}/${submission.id}/comments`)).body).toEqual([comment.body]);
    expect((await guest.api.post(`${INTAKE}/${submission.id}/comments`, { body: 'Guest' })).status).toBe(403);
    const empty = await stakeholder.api.post(`${INTAKE}/${submission.id}/comments`, { body: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toHaveProperty('body');
    expect((await org.api.get(`${INTAKE}/${submission.id}/comments`)).body).toHaveLength(1);
  });

  it("isolates organizations on every {id} route", async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const theirs = (await a.api.post(INTAKE, { kind: 'BUG', title: 'Private' })).body;
    for (const ref of [theirs.id, theirs.key]) {
      expect((await b.api.get(`${INTAKE}/${ref}`)).status).toBe(404);
      expect((await b.api.patch(`${INTAKE}/${ref}`, { stage: 'DONE' })).status).toBe(404);
      expect((await b.api.post(`${INTAKE}/${ref}/votes`)).status).toBe(404);
      expect((await b.api.delete(`${INTAKE}/${ref}/votes`)).status).toBe(404);
      expect((await b.api.post(`${INTAKE}/${ref}/reports`, { reason: 'SPAM' })).status).toBe(404);
      expect((await b.api.post(`${INTAKE}/${ref}/convert`, { target: 'WORK_ITEM' })).status).toBe(404);
      expect((await b.api.get(`${INTAKE}/${ref}/comments`)).status).toBe(404);
      expect((await b.api.post(`${INTAKE}/${ref}/comments`, { body: 'Intruding' })).status).toBe(404);
    }
    expect((await b.api.get(INTAKE)).body).toEqual([]);
    expect((await b.api.get(ITEMS)).body).toEqual([]);
    expect((await a.api.get(`${INTAKE}/${theirs.id}`)).body).toEqual(theirs);
  });

  itInDistributedRun('emits intake.created once per submission, without contact data', async () => {
    const org = await createOrganization();
    const recorder = await EventRecorder.start(org.organization.id);
    try {
      const submission = (await org.api.post(INTAKE, { kind: 'BUG', title: 'Evented' })).body;
      await org.api.post(`${INTAKE}/${submission.id}/votes`);
      const events = await recorder.settled((e) => e.event === 'intake.created', 1);
      expect(events).toHaveLength(1);
      expect(events[0].data).not.toHaveProperty('submitterName');
      expect(events[0].data).not.toHaveProperty('submitterEmail');
      const { submitterName: _n, submitterEmail: _e, ...visible } = submission;
      expect(events[0].data).toEqual(visible);
    } finally {
      await recorder.close();
    }
  });
});
