import { createMember, createOrganization } from './support/client';
import { LABEL_SHAPE, TEAM_SHAPE } from './support/shapes-delivery';
import { shapeViolations } from './support/shapes';

describe('labels', () => {
  it('creates and lists; a work item shows its labels as {id, name, color}', async () => {
    const org = await createOrganization();
    const created = await org.api.post('/api/v1/labels', { name: 'backend', color: '#1A2b3C' });
    expect(created.status).toBe(200);
    expect(shapeViolations(created.body, LABEL_SHAPE)).toEqual([]);
    expect(created.body).toMatchObject({ name: 'backend', color: '#1a2b3c' });
    const listed = await org.api.get('/api/v1/labels');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);

    const item = await org.api.post('/api/v1/work-items', { title: 'Labelled', type: 'TASK', labelIds: [created.body.id] });
    expect(item.status).toBe(200);
    expect(item.body.labels).toEqual([{ id: created.body.id, name: 'backend', color: '#1a2b3c' }]);
    expect((await org.api.get(`/api/v1/work-items?labelId=${created.body.id}`)).body.map((w: { id: string }) => w.id)).toEqual([item.body.id]);
  });

  it('a name is unique per organization: 409, and another organization may reuse it', async () => {
    const org = await createOrganization();
    expect((await org.api.post('/api/v1/labels', { name: 'ux', color: '#000000' })).status).toBe(200);
    const again = await org.api.post('/api/v1/labels', { name: 'ux', color: '#ffffff' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Conflict');
    expect((await org.api.get('/api/v1/labels')).body).toHaveLength(1);
    const other = await createOrganization();
    expect((await other.api.post('/api/v1/labels', { name: 'ux', color: '#000000' })).status).toBe(200);
    expect((await other.api.get('/api/v1/labels')).body).toHaveLength(1);
  });

  it.each([
    ['color red', { name: 'n', color: 'red' }, 'color'],
    ['color #fff', { name: 'n', color: '#fff' }, 'color'],
    ['color #gggggg', { name: 'n', color: '#gggggg' }, 'color'],
    ['an empty name', { name: '', color: '#000000' }, 'name'],
    ['a missing color', { name: 'n' }, 'color'],
  ])('%s: 400, nothing written', async (_label, body, field) => {
    const org = await createOrganization();
    const response = await org.api.post('/api/v1/labels', body);
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveProperty(field);
    expect((await org.api.get('/api/v1/labels')).body).toEqual([]);
  });

  it("another organization's label is no valid labelId", async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const theirs = (await a.api.post('/api/v1/labels', { name: 'secret', color: '#000000' })).body;
    const response = await b.api.post('/api/v1/work-items', { title: 'Borrowing', type: 'TASK', labelIds: [theirs.id] });
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveProperty('labelIds');
  });

  it('GUEST reads, DEV creates', async () => {
    const org = await createOrganization();
    const guest = await createMember(org, 'GUEST');
    const dev = await createMember(org, 'DEV');
    expect((await guest.api.post('/api/v1/labels', { name: 'g', color: '#000000' })).status).toBe(403);
    expect((await dev.api.post('/api/v1/labels', { name: 'd', color: '#000000' })).status).toBe(200);
    expect((await guest.api.get('/api/v1/labels')).body).toHaveLength(1);
  });
});

describe('teams', () => {
  it('creates and lists; names are unique per organization', async () => {
    const org = await createOrganization();
    const created = await org.api.post('/api/v1/teams', { name: 'Platform' });
    expect(created.status).toBe(200);
    expect(shapeViolations(created.body, TEAM_SHAPE)).toEqual([]);
    expect((await org.api.get('/api/v1/teams')).body).toEqual([created.body]);
    expect((await org.api.post('/api/v1/teams', { name: 'Platform' })).status).toBe(409);
    const bad = await org.api.post('/api/v1/teams', { name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toHaveProperty('name');
    expect((await org.api.get('/api/v1/teams')).body).toHaveLength(1);
    const other = await createOrganization();
    expect((await other.api.get('/api/v1/teams')).body).toEqual([]);
  });
});
