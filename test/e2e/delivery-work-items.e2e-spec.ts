import { createMember, createOrganization } from './support/client';
import { WORK_ITEM_SHAPE, shapeViolations } from './support/shapes';

const ITEMS = '/api/v1/work-items';
/** Ids of a list; every item is expected to have one (toStrictEqual tells [undefined] from []). */
const ids = (body: { id: string }[]) => body.map((w) => w.id);

describe('work items, complete', () => {
  it('every clearable field is cleared with null, labels and mentions replaced', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const label = (await org.api.post('/api/v1/labels', { name: 'ux', color: '#ff0000' })).body;
    const sprint = (await org.api.post('/api/v1/sprints', { name: 'S1', startDate: '2026-01-05', endDate: '2026-01-16' })).body;
    const parent = (await org.api.post(ITEMS, { title: 'Epic', type: 'EPIC' })).body;
    const full = {
      title: 'Everything set',
      type: 'STORY',
      description: 'text',
      estimate: 3,
      storyPoints: 5,
      dueDate: '2026-06-30',
      parentId: parent.id,
      sprintId: sprint.id,
      assigneeId: dev.user.id,
      reporterId: org.admin.id,
      reporterSource: 'SALES',
      productManagerId: org.admin.id,
      experimentKind: 'FEATURE',
      maintenanceCategory: 'HOTFIX',
      discipline: 'FRONTEND',
      labelIds: [label.id],
      mentionedUserIds: [dev.user.id],
    };
    const created = await org.api.post(ITEMS, full);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ parentId: parent.id, sprintId: sprint.id, labels: [{ id: label.id, name: 'ux', color: '#ff0000' }] });
    const cleared = await org.api.patch(`${ITEMS}/${created.body.id}`, {
      description: null,
      estimate: null,
      storyPoints: null,
      dueDate: null,
      parentId: null,
      sprintId: null,
      assigneeId: null,
      reporterId: null,
      reporterSource: null,
      productManagerId: null,
      experimentKind: null,
      maintenanceCategory: null,
      discipline: null,
      ckrId: null,
      experimentId: null,
      opportunityId: null,
      solutionId: null,
      labelIds: [],
      mentionedUserIds: [],
    });
    expect(cleared.status).toBe(200);
    expect(shapeViolations(cleared.body, WORK_ITEM_SHAPE)).toEqual([]);
    for (const field of ['description', 'estimate', 'storyPoints', 'dueDate', 'parentId', 'sprintId', 'assigneeId', 'reporterId', 'reporterSource', 'productManagerId', 'experimentKind', 'maintenanceCategory', 'discipline', 'ckrId', 'experimentId', 'opportunityId', 'solutionId']) {
      expect(cleared.body[field]).toBeNull();
    }
    expect(cleared.body).toMatchObject({ labels: [], classification: 'unclassified' });
    for (const field of ['type', 'priority', 'adHoc', 'labelIds', 'mentionedUserIds']) {
      expect((await org.api.patch(`${ITEMS}/${created.body.id}`, { [field]: null })).status).toBe(400);
    }
  });

  it('parentId forms a tree: a cycle, itself or an unknown parent is 400', async () => {
    const org = await createOrganization();
    const epic = (await org.api.post(ITEMS, { title: 'Epic', type: 'EPIC' })).body;
    const story = (await org.api.post(ITEMS, { title: 'Story', type: 'STORY', parentId: epic.id })).body;
    const task = (await org.api.post(ITEMS, { title: 'Task', type: 'TASK', parentId: story.id })).body;
    expect((await org.api.get(`${ITEMS}?parentId=${epic.id}`)).body.map((w: { id: string }) => w.id)).toEqual([story.id]);
    for (const parentId of [task.id, story.id, epic.id]) {
      const response = await org.api.patch(`${ITEMS}/${epic.id}`, { parentId });
      expect(response.status).toBe(400);
      expect(response.body.details).toHaveProperty('parentId');
    }
    expect((await org.api.get(`${ITEMS}/${epic.id}`)).body.parentId).toBeNull();
  });

  it('filters: priority, sprintId, assigneeId, labelId, classification, updatedSince', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const label = (await org.api.post('/api/v1/labels', { name: 'api', color: '#00ff00' })).body;
    const sprint = (await org.api.post('/api/v1/sprints', { name: 'S1', startDate: '2026-01-05', endDate: '2026-01-16' })).body;
    const a = (await org.api.post(ITEMS, { title: 'Item A', type: 'TASK', priority: 'HIGH', sprintId: sprint.id })).body;
    const b = (await org.api.post(ITEMS, { title: 'Item B', type: 'TASK', assigneeId: dev.user.id, labelIds: [label.id] })).body;
    const c = (await org.api.post(ITEMS, { title: 'Item C', type: 'BUG', maintenanceCategory: 'BUG', priority: 'LOW' })).body;
    expect(ids((await org.api.get(`${ITEMS}?priority=HIGH,LOW`)).body)).toStrictEqual([a.id, c.id]);
    expect(ids((await org.api.get(`${ITEMS}?sprintId=${sprint.id}`)).body)).toStrictEqual([a.id]);
    expect(ids((await org.api.get(`${ITEMS}?assigneeId=${dev.user.id}`)).body)).toStrictEqual([b.id]);
    expect(ids((await org.api.get(`${ITEMS}?labelId=${label.id}`)).body)).toStrictEqual([b.id]);
    expect(ids((await org.api.get(`${ITEMS}?classification=maintenance`)).body)).toStrictEqual([c.id]);
    expect(ids((await org.api.get(`${ITEMS}?classification=unclassified`)).body)).toStrictEqual([a.id, b.id]);
    expect((await org.api.get(`${ITEMS}?classification=CKR`)).status).toBe(400);

    const edited = (await org.api.patch(`${ITEMS}/${b.id}`, { title: 'B edited' })).body;
    expect(ids((await org.api.get(`${ITEMS}?updatedSince=${encodeURIComponent(edited.updatedAt)}`)).body)).toStrictEqual([b.id]);
    expect((await org.api.get(`${ITEMS}?updatedSince=yesterday`)).status).toBe(400);
    expect((await org.api.get(`${ITEMS}?sprintId=not-a-uuid`)).status).toBe(400);
  });
});
