import { createMember, createOrganization } from './support/client';
import { EventRecorder, itInDistributedRun } from './support/events';
import { CHANGELOG_SHAPE } from './support/shapes-delivery';
import { shapeViolations } from './support/shapes';

const CHANGELOG = '/api/v1/changelog';

describe('changelog', () => {
  it('drafts, edits, links work items and publishes once', async () => {
    const org = await createOrganization();
    const item = (await org.api.post('/api/v1/work-items', { title: 'Shipped thing', type: 'FEATURE' })).body;
    const draft = await org.api.post(CHANGELOG, { title: 'Release 1', body: '## New\n- things' });
    expect(draft.status).toBe(200);
    expect(shapeViolations(draft.body, CHANGELOG_SHAPE)).toEqual([]);
    expect(draft.body).toMatchObject({ status: 'DRAFT', publishedAt: null, workItemIds: [] });

    const edited = await org.api.patch(`${CHANGELOG}/${draft.body.id}`, { title: 'Release 1.0', workItemIds: [item.id] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Release 1.0', body: '## New\n- things', workItemIds: [item.id] });

    const published = await org.api.post(`${CHANGELOG}/${draft.body.id}/publish`);
    expect(published.status).toBe(200);
    expect(shapeViolations(published.body, CHANGELOG_SHAPE)).toEqual([]);
    expect(published.body).toMatchObject({ status: 'PUBLISHED', workItemIds: [item.id] });
    expect(published.body.publishedAt).not.toBeNull();

    const again = await org.api.post(`${CHANGELOG}/${draft.body.id}/publish`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Conflict');
    expect((await org.api.patch(`${CHANGELOG}/${draft.body.id}`, { title: 'Rewritten history' })).status).toBe(409);
    expect((await org.api.get(CHANGELOG)).body).toEqual([published.body]);
    expect((await org.api.get(`${CHANGELOG}?status=DRAFT`)).body).toEqual([]);
  });

  it('concurrent publishes: exactly one succeeds', async () => {
    const org = await createOrganization();
    const draft = (await org.api.post(CHANGELOG, { title: 'Release', body: 'x' })).body;
    const responses = await Promise.all(Array.from({ length: 4 }, () => org.api.post(`${CHANGELOG}/${draft.id}/publish`)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(3);
  });

  it.each([
    ['a 1-character title', { title: 'x', body: 'b' }, 'title'],
    ['a missing body', { title: 'Fine' }, 'body'],
    ['a workItemId that is not a uuid', { title: 'Fine', body: 'b', workItemIds: ['WI-1'] }, 'workItemIds'],
    ['an unknown work item', { title: 'Fine', body: 'b', workItemIds: ['00000000-0000-4000-8000-000000000000'] }, 'workItemIds'],
  ])('%s: 400, nothing written', async (_label, body, field) => {
    const org = await createOrganization();
    const response = await org.api.post(CHANGELOG, body);
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveProperty(field);
    expect((await org.api.get(CHANGELOG)).body).toEqual([]);
  });

  it("isolates organizations: another organization's entry is 404 and its work items no valid links", async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const theirs = (await a.api.post(CHANGELOG, { title: 'Private', body: 'x' })).body;
    const item = (await a.api.post('/api/v1/work-items', { title: 'Theirs', type: 'TASK' })).body;
    expect((await b.api.patch(`${CHANGELOG}/${theirs.id}`, { title: 'Hijacked' })).status).toBe(404);
    expect((await b.api.post(`${CHANGELOG}/${theirs.id}/publish`)).status).toBe(404);
    expect((await b.api.post(CHANGELOG, { title: 'Mine', body: 'x', workItemIds: [item.id] })).status).toBe(400);
    expect((await b.api.get(CHANGELOG)).body).toEqual([]);
    expect((await a.api.get(CHANGELOG)).body[0]).toMatchObject({ title: 'Private', status: 'DRAFT' });
  });

  it('PM writes, DEV and GUEST read', async () => {
    const org = await createOrganization();
    const pm = await createMember(org, 'PM');
    const dev = await createMember(org, 'DEV');
    const draft = await pm.api.post(CHANGELOG, { title: 'By PM', body: 'x' });
    expect(draft.status).toBe(200);
    expect((await dev.api.post(CHANGELOG, { title: 'By dev', body: 'x' })).status).toBe(403);
    expect((await dev.api.post(`${CHANGELOG}/${draft.body.id}/publish`)).status).toBe(403);
    expect((await dev.api.get(CHANGELOG)).body).toHaveLength(1);
  });

  itInDistributedRun('emits changelog.published exactly once', async () => {
    const org = await createOrganization();
    const recorder = await EventRecorder.start(org.organization.id);
    try {
      const draft = (await org.api.post(CHANGELOG, { title: 'Evented', body: 'x' })).body;
      const published = (await org.api.post(`${CHANGELOG}/${draft.id}/publish`)).body;
      await org.api.post(`${CHANGELOG}/${draft.id}/publish`);
      const events = await recorder.settled((e) => e.event === 'changelog.published', 1);
      expect(events).toHaveLength(1);
      expect(events[0].data).toEqual(published);
    } finally {
      await recorder.close();
    }
  });
});
