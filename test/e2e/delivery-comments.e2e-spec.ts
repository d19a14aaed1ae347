import { createMember, createOrganization } from './support/client';
import { COMMENT_SHAPE } from './support/shapes-delivery';
import { shapeViolations } from './support/shapes';

const ITEMS = '/api/v1/work-items';
const commentsOf = (id: string) => `${ITEMS}/${id}/comments`;

describe('work-item comments', () => {
  it('adds markdown comments with mentions, lists them oldest first, edits and deletes as the author', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const item = (await org.api.post(ITEMS, { title: 'Discussed', type: 'TASK' })).body;
    const first = await org.api.post(commentsOf(item.key), { body: '**Looks** good, @dev', mentionedUserIds: [dev.user.id] });
    expect(first.status).toBe(200);
    expect(shapeViolations(first.body, COMMENT_SHAPE)).toEqual([]);
    expect(first.body).toMatchObject({ workItemId: item.id, authorId: org.admin.id, body: '**Looks** good, @dev', mentionedUserIds: [dev.user.id] });
    const second = (await dev.api.post(commentsOf(item.id), { body: 'Thanks' })).body;
    expect(second).toMatchObject({ authorId: dev.user.id, mentionedUserIds: [] });
    expect((await org.api.get(commentsOf(item.id))).body).toEqual([first.body, second]);

    const edited = await org.api.patch(`${commentsOf(item.id)}/${first.body.id}`, { body: 'Edited' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: first.body.id, body: 'Edited', mentionedUserIds: [dev.user.id] });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThan(Date.parse(first.body.updatedAt));

    const removed = await dev.api.delete(`${commentsOf(item.id)}/${second.id}`);
    expect(removed.status).toBe(200);
    expect(removed.text).toBe('');
    expect((await org.api.get(commentsOf(item.id))).body.map((c: { id: string }) => c.id)).toEqual([first.body.id]);
  });

  it('a comment edit or delete by someone else is 403 and changes nothing', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const item = (await org.api.post(ITEMS, { title: 'Discussed', type: 'TASK' })).body;
    const comment = (await dev.api.post(commentsOf(item.id), { body: 'Mine' })).body;
    const edit = await org.api.patch(`${commentsOf(item.id)}/${comment.id}`, { body: 'Not yours' });
    expect(edit.status).toBe(403);
    expect(edit.body.error).toBe('Forbidden');
    expect((await org.api.delete(`${commentsOf(item.id)}/${comment.id}`)).status).toBe(403);
    expect((await org.api.get(commentsOf(item.id))).body).toEqual([comment]);
  });

  it.each([
    ['an empty body', { body: '' }, 'body'],
    ['a missing body', {}, 'body'],
    ['a mention that is not a uuid', { body: 'x', mentionedUserIds: ['bob'] }, 'mentionedUserIds'],
    ['a mention of no user of the organization', { body: 'x', mentionedUserIds: ['00000000-0000-4000-8000-000000000000'] }, 'mentionedUserIds'],
  ])('%s: 400, nothing written', async (_label, body, field) => {
    const org = await createOrganization();
    const item = (await org.api.post(ITEMS, { title: 'Discussed', type: 'TASK' })).body;
    const response = await org.api.post(commentsOf(item.id), body);
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveProperty(field);
    expect((await org.api.get(commentsOf(item.id))).body).toEqual([]);
  });

  it("isolates organizations on every route; another organization's user is no valid mention", async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const item = (await a.api.post(ITEMS, { title: 'Private', type: 'TASK' })).body;
    const comment = (await a.api.post(commentsOf(item.id), { body: 'Secret' })).body;
    expect((await b.api.get(commentsOf(item.id))).status).toBe(404);
    expect((await b.api.post(commentsOf(item.id), { body: 'Intruding' })).status).toBe(404);
    expect((await b.api.patch(`${commentsOf(item.id)}/${comment.id}`, { body: 'Hijacked' })).status).toBe(404);
    expect((await b.api.delete(`${commentsOf(item.id)}/${comment.id}`)).status).toBe(404);
    const own = (await b.api.post(ITEMS, { title: 'Theirs', type: 'TASK' })).body;
    expect((await b.api.patch(`${commentsOf(own.id)}/${comment.id}`, { body: 'Hijacked' })).status).toBe(404);
    expect((await a.api.patch(`${commentsOf(item.id)}/not-a-uuid`, { body: 'x' })).status).toBe(404);
    const mention = await b.api.post(commentsOf(own.id), { body: 'Hi', mentionedUserIds: [a.admin.id] });
    expect(mention.status).toBe(400);
    expect((await a.api.get(commentsOf(item.id))).body).toEqual([comment]);
  });

  it('GUEST reads comments and cannot write them', async () => {
    const org = await createOrganization();
    const guest = await createMember(org, 'GUEST');
    const item = (await org.api.post(ITEMS, { title: 'Discussed', type: 'TASK' })).body;
    await org.api.post(commentsOf(item.id), { body: 'Visible' });
    expect((await guest.api.get(commentsOf(item.id))).body).toHaveLength(1);
    expect((await guest.api.post(commentsOf(item.id), { body: 'Guest' })).status).toBe(403);
  });
});
