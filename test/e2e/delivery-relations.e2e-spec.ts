import { TestOrganization, createMember, createOrganization } from './support/client';
import { RELATED_ITEM_SHAPE, RELATIONS_SHAPE } from './support/shapes-delivery';
import { shapeViolations } from './support/shapes';

const ITEMS = '/api/v1/work-items';
const relationsOf = (id: string) => `${ITEMS}/${id}/relations`;
const EMPTY = { blocks: [], blockedBy: [], relatesTo: [], duplicates: [], duplicatedBy: [] };

async function items(org: TestOrganization, n: number): Promise<{ id: string; key: string; title: string }[]> {
  const created = [];
  for (let i = 0; i < n; i++) created.push((await org.api.post(ITEMS, { title: `Item ${i + 1}`, type: 'TASK' })).body);
  return created;
}

describe('work-item relations', () => {
  it('shows one blocks link on both items and makes the target blocked until the blocker is done', async () => {
    const org = await createOrganization();
    const [a, b] = await items(org, 2);
    expect((await org.api.get(relationsOf(a.id))).body).toEqual(EMPTY);

    const added = await org.api.post(relationsOf(a.id), { type: 'blocks', targetId: b.id });
    expect(added.status).toBe(200);
    expect(shapeViolations(added.body, RELATIONS_SHAPE)).toEqual([]);
    expect(added.body.blocks).toHaveLength(1);
    expect(shapeViolations(added.body.blocks[0], RELATED_ITEM_SHAPE)).toEqual([]);
    expect(added.body.blocks[0]).toMatchObject({ id: b.id, key: b.key, title: b.title, status: 'BACKLOG', assigneeId: null });
    const relationId = added.body.blocks[0].relationId;

    const fromB = await org.api.get(relationsOf(b.key.toLowerCase()));
    expect(fromB.status).toBe(200);
    expect(fromB.body).toEqual({ ...EMPTY, blockedBy: [{ relationId, id: a.id, key: a.key, title: a.title, status: 'BACKLOG', assigneeId: null }] });

    expect((await org.api.get(`${ITEMS}/${b.id}`)).body).toMatchObject({ blockedByCount: 1, isBlocked: true });
    expect((await org.api.get(`${ITEMS}/${a.id}`)).body).toMatchObject({ blockedByCount: 0, isBlocked: false });

    await org.api.patch(`${ITEMS}/${a.id}`, { status: 'DONE' });
    expect((await org.api.get(`${ITEMS}/${b.id}`)).body).toMatchObject({ blockedByCount: 0, isBlocked: false });
    expect((await org.api.get(relationsOf(b.id))).body.blockedBy[0].status).toBe('DONE');
    await org.api.patch(`${ITEMS}/${a.id}`, { status: 'IN_PROGRESS' });
    expect((await org.api.get(`${ITEMS}/${b.id}`)).body).toMatchObject({ blockedByCount: 1, isBlocked: true });
    await org.api.patch(`${ITEMS}/${a.id}`, { status: 'CANCELLED' });
    expect((await org.api.get(`${ITEMS}/${b.id}`)).body).toMatchObject({ blockedByCount: 0, isBlocked: false });
  });

  it('blocked_by stores the same edge as blocks from the other side; two blockers count twice', async () => {
    const org = await createOrganization();
    const [a, b, c] = await items(org, 3);
    const added = await org.api.post(relationsOf(c.id), { type: 'blocked_by', targetId: a.id });
    expect(added.status).toBe(200);
    expect(added.body.blockedBy.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect((await org.api.get(relationsOf(a.id))).body.blocks.map((r: { id: string }) => r.id)).toEqual([c.id]);
    await org.api.post(relationsOf(b.id), { type: 'blocks', targetId: c.id });
    expect((await org.api.get(`${ITEMS}/${c.id}`)).body).toMatchObject({ blockedByCount: 2, isBlocked: true });
    // The same edge in its reverse form is a duplicate.
    const again = await org.api.post(relationsOf(a.id), { type: 'blocks', targetId: c.id });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Conflict');
    expect((await org.api.get(`${ITEMS}/${c.id}`)).body.blockedByCount).toBe(2);
  });

  it('duplicates/duplicatedBy and the symmetric relatesTo', async () => {
    const org = await createOrganization();
    const [a, b, c] = await items(org, 3);
    await org.api.post(relationsOf(a.id), { type: 'duplicated_by', targetId: b.id });
    expect((await org.api.get(relationsOf(a.id))).body.duplicatedBy.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect((await org.api.get(relationsOf(b.id))).body.duplicates.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect((await org.api.post(relationsOf(b.id), { type: 'duplicates', targetId: a.id })).status).toBe(409);

    const related = await org.api.post(relationsOf(c.id), { type: 'relates_to', targetId: a.id });
    expect(related.status).toBe(200);
    expect(related.body.relatesTo.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const fromA = (await org.api.get(relationsOf(a.id))).body;
    expect(fromA.relatesTo.map((r: { id: string }) => r.id)).toEqual([c.id]);
    expect(fromA.relatesTo[0].relationId).toBe(related.body.relatesTo[0].relationId);
    expect((await org.api.post(relationsOf(a.id), { type: 'relates_to', targetId: c.id })).status).toBe(409);
    expect((await org.api.post(relationsOf(c.id), { type: 'relates_to', targetId: a.id })).status).toBe(409);
    // Links of other types do not block.
    expect((await org.api.get(`${ITEMS}/${a.id}`)).body.isBlocked).toBe(false);
  });

  it('deleting from either side removes both views and unblocks', async () => {
    const org = await createOrganization();
    const [a, b, c] = await items(org, 3);
    const first = (await org.api.post(relationsOf(a.id), { type: 'blocks', targetId: b.id })).body.blocks[0].relationId;
    const second = (await org.api.post(relationsOf(a.id), { type: 'relates_to', targetId: c.id })).body.relatesTo[0].relationId;

    const fromTarget = await org.api.delete(`${relationsOf(b.id)}/${first}`);
    expect(fromTarget.status).toBe(200);
    expect(fromTarget.text).toBe('');
    expect((await org.api.get(relationsOf(a.id))).body.blocks).toEqual([]);
    expect((await org.api.get(relationsOf(b.id))).body).toEqual(EMPTY);
    expect((await org.api.get(`${ITEMS}/${b.id}`)).body).toMatchObject({ blockedByCount: 0, isBlocked: false });

    expect((await org.api.delete(`${relationsOf(a.id)}/${second}`)).status).toBe(200);
    expect((await org.api.get(relationsOf(c.id))).body).toEqual(EMPTY);
    expect((await org.api.delete(`${relationsOf(a.id)}/${second}`)).status).toBe(404);
  });

  it('a relationId of a link that does not touch the item is 404 and removes nothing', async () => {
    const org = await createOrganization();
    const [a, b, c] = await items(org, 3);
    const relationId = (await org.api.post(relationsOf(a.id), { type: 'blocks', targetId: b.id })).body.blocks[0].relationId;
    expect((await org.api.delete(`${relationsOf(c.id)}/${relationId}`)).status).toBe(404);
    expect((await org.api.get(relationsOf(a.id))).body.blocks).toHaveLength(1);
  });

  describe('bad input is refused and creates nothing', () => {
    it.each([
      ['type BLOCKS in capitals', { type: 'BLOCKS' }, 'type'],
      ['type blocked-by with a hyphen', { type: 'blocked-by' }, 'type'],
      ['a missing type', { type: undefined }, 'type'],
      ['a targetId that is not a uuid', { targetId: 'WI-2' }, 'targetId'],
      ['an unknown field', { weight: 3 }, 'weight'],
    ])('%s: 400', async (_label, override, field) => {
      const org = await createOrganization();
      const [a, b] = await items(org, 2);
      const response = await org.api.post(relationsOf(a.id), { type: 'blocks', targetId: b.id, ...override });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('BadRequest');
      expect(response.body.details).toHaveProperty(field);
      expect((await org.api.get(relationsOf(a.id))).body).toEqual(EMPTY);
      expect((await org.api.get(relationsOf(b.id))).body).toEqual(EMPTY);
    });

    it('a link to itself: 400', async () => {
      const org = await createOrganization();
      const [a] = await items(org, 1);
      for (const type of ['blocks', 'blocked_by', 'relates_to', 'duplicates', 'duplicated_by']) {
        const response = await org.api.post(relationsOf(a.key), { type, targetId: a.id });
        expect(response.status).toBe(400);
        expect(response.body.details).toHaveProperty('targetId');
      }
      expect((await org.api.get(relationsOf(a.id))).body).toEqual(EMPTY);
      expect((await org.api.get(`${ITEMS}/${a.id}`)).body.isBlocked).toBe(false);
    });

    it('a duplicate link: 409, still one link', async () => {
      const org = await createOrganization();
      const [a, b] = await items(org, 2);
      expect((await org.api.post(relationsOf(a.id), { type: 'blocks', targetId: b.id })).status).toBe(200);
      const again = await org.api.post(relationsOf(a.id), { type: 'blocks', targetId: b.id });
      expect(again.status).toBe(409);
      const reverse = await org.api.post(relationsOf(b.id), { type: 'blocked_by', targetId: a.id });
      expect(reverse.status).toBe(409);
      expect((await org.api.get(relationsOf(a.id))).body.blocks).toHaveLength(1);
      expect((await org.api.get(`${ITEMS}/${b.id}`)).body.blockedByCount).toBe(1);
    });

    it('concurrent identical links: exactly one is created', async () => {
      const org = await createOrganization();
      const [a, b] = await items(org, 2);
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 2 ? org.api.post(relationsOf(a.id), { type: 'relates_to', targetId: b.id }) : org.api.post(relationsOf(b.id), { type: 'relates_to', targetId: a.id }),
        ),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(5);
      expect((await org.api.get(relationsOf(a.id))).body.relatesTo).toHaveLength(1);
    });

    it('a relationId that is not a uuid: 400', async () => {
      const org = await createOrganization();
      const [a] = await items(org, 1);
      const response = await org.api.delete(`${relationsOf(a.id)}/not-a-uuid`);
      expect(response.status).toBe(400);
      expect(response.body.details).toHaveProperty('relationId');
      expect((await org.api.delete(`${relationsOf(a.id)}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    });

    it('an unknown target: 400 with details', async () => {
      const org = await createOrganization();
      const [a] = await items(org, 1);
      const response = await org.api.post(relationsOf(a.id), { type: 'blocks', targetId: '00000000-0000-4000-8000-000000000000' });
      expect(response.status).toBe(400);
      expect(response.body.details).toHaveProperty('targetId');
    });
  });

  it("isolates organizations: another organization's item is 404 on every route and no valid target", async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const [mine, mine2] = await items(a, 2);
    const [theirs] = await items(b, 1);
    const relationId = (await a.api.post(relationsOf(mine.id), { type: 'blocks', targetId: mine2.id })).body.blocks[0].relationId;

    expect((await b.api.get(relationsOf(mine.id))).status).toBe(404);
    expect((await b.api.post(relationsOf(mine.id), { type: 'blocks', targetId: theirs.id })).status).toBe(404);
    expect((await b.api.delete(`${relationsOf(mine.id)}/${relationId}`)).status).toBe(404);
    // Their own item, but my relation id: still 404.
    expect((await b.api.delete(`${relationsOf(theirs.id)}/${relationId}`)).status).toBe(404);

    const crossOrg = await b.api.post(relationsOf(theirs.id), { type: 'blocked_by', targetId: mine.id });
    expect(crossOrg.status).toBe(400);
    expect(crossOrg.body.details).toHaveProperty('targetId');
    expect(JSON.stringify(crossOrg.body)).not.toContain(mine.key);
    expect((await b.api.get(relationsOf(theirs.id))).body).toEqual(EMPTY);
    expect((await a.api.get(relationsOf(mine.id))).body.blocks).toHaveLength(1);
    expect((await a.api.get(relationsOf(mine.id))).body.blockedBy).toEqual([]);
    expect((await b.api.get(`${ITEMS}/${theirs.id}`)).body.isBlocked).toBe(false);
  });

  it('DEV links, GUEST only reads', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const guest = await createMember(org, 'GUEST');
    const [a, b] = await items(org, 2);
    expect((await dev.api.post(relationsOf(a.id), { type: 'relates_to', targetId: b.id })).status).toBe(200);
    expect((await guest.api.get(relationsOf(a.id))).status).toBe(200);
    const denied = await guest.api.post(relationsOf(a.id), { type: 'blocks', targetId: b.id });
    expect(denied.status).toBe(403);
    const relationId = (await guest.api.get(relationsOf(a.id))).body.relatesTo[0].relationId;
    expect((await guest.api.delete(`${relationsOf(a.id)}/${relationId}`)).status).toBe(403);
    expect((await org.api.get(relationsOf(a.id))).body.relatesTo).toHaveLength(1);
  });
});
