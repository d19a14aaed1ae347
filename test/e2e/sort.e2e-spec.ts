/**
 * `sort` on the lists: every offered field, ascending and descending, and multi-key sorts, paged
 * two at a time through the typed client, give every record once in the order the sort defines
 * (ties broken by id in the last key's direction); a sort a list does not offer and a cursor of
 * another sort are 400.
 */
import { randomBytes } from 'node:crypto';
import { ListPath, PdsApiError, PdsClient, createPdsClient } from '@pds/client';
import { TestOrganization, createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { connectRepository, githubPush, postGithub, uniqueRepo } from './support/repos';
import { stackInfo } from './support/stack-info';

type Row = Record<string, unknown> & { id: string };

const PRIORITY = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
const STATUS = ['BACKLOG', 'TODO', 'IN_PROGRESS', 'IN_REVIEW', 'TESTING_LOCAL', 'DEPLOY', 'TESTING_LIVE', 'DONE', 'CANCELLED'];

/** A row's value of a sort field, as the database compares it. */
function valueOf(row: Row, field: string): string | number {
  if (field === 'key') return Number(String(row.key).split('-')[1]);
  if (field === 'priority') return PRIORITY.indexOf(String(row.priority));
  if (field === 'status') return STATUS.indexOf(String(row.status));
  if (field === 'votes') return Number(row.votes);
  return String(row[field]);
}

/** The order `sort` defines over `rows`, computed here from the records' own fields. */
function sortedBy(rows: Row[], sort: string): string[] {
  const keys = sort.split(',').map((part) => ({ field: part.replace(/^-/, ''), sign: part.startsWith('-') ? -1 : 1 }));
  const idSign = keys[keys.length - 1].sign;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows]
    .sort((a, b) => {
      for (const key of keys) {
        const order = compare(valueOf(a, key.field), valueOf(b, key.field)) * key.sign;
        if (order !== 0) return order;
      }
      return compare(a.id, b.id) * idSign;
    })
    .map((row) => row.id);
}

const clientOf = (org: TestOrganization): PdsClient => createPdsClient({ baseUrl: stackInfo().apiUrl, apiKey: org.apiKey });

/** Every item of a list, two per page, through the client's iterator. */
async function everything(client: PdsClient, path: string, query: Record<string, unknown> = {}, pathIds?: object): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const row of client.paginate(path as ListPath, { query: { limit: 2, ...query }, path: pathIds } as never)) rows.push(row as Row);
  return rows;
}

/** Sorts every field both ways and the multi-key sorts given, and checks each against the records. */
async function expectSorted(client: PdsClient, path: string, fields: string[], multi: string[], pathIds?: object): Promise<void> {
  const all = await everything(client, path, { limit: 100 }, pathIds);
  expect(all.length).toBeGreaterThanOrEqual(4);
  for (const sort of [...fields.flatMap((field) => [field, `-${field}`]), ...multi]) {
    const ids = (await everything(client, path, { sort }, pathIds)).map((row) => row.id);
    expect({ sort, ids }).toEqual({ sort, ids: sortedBy(all, sort) });
  }
}

async function failure(promise: Promise<unknown>): Promise<PdsApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PdsApiError);
  return error as PdsApiError;
}

describe('sort on lists', () => {
  let org: TestOrganization;
  let client: PdsClient;
  const itemIds: string[] = [];

  beforeAll(async () => {
    org = await createOrganization();
    client = clientOf(org);
    const specs = [
      ['HIGH', 'TODO'],
      ['LOW', 'BACKLOG'],
      ['HIGH', 'IN_PROGRESS'],
      ['CRITICAL', 'TODO'],
      ['MEDIUM', 'DONE'],
      ['HIGH', 'TODO'],
      ['LOW', 'TODO'],
    ] as const;
    for (const [priority, status] of specs) {
      const { data } = await client.POST('/work-items', { body: { title: `Item ${priority} ${status}`, type: 'TASK', priority, status } });
      itemIds.push(data.id);
    }
    // Changed in another order than created, so last change and creation disagree.
    for (const id of [itemIds[3], itemIds[0], itemIds[5]]) {
      await client.PATCH('/work-items/{id}', { params: { path: { id } }, body: { title: 'Touched' } });
    }
  });

  it('work items: key, createdAt, updatedAt, priority and status both ways, and multi-key sorts', async () => {
    await expectSorted(client, '/work-items', ['key', 'createdAt', 'updatedAt', 'priority', 'status'], ['priority,-createdAt', '-priority,updatedAt', 'status,-updatedAt,key', '-status,priority']);
  });

  it('work items: the sort applies within the filters, and the default order is the key', async () => {
    const todo = await everything(client, '/work-items', { status: ['TODO'], sort: '-priority,key' });
    const expected = (await everything(client, '/work-items', { limit: 500 })).filter((row) => row.status === 'TODO');
    expect(todo.map((row) => row.id)).toEqual(sortedBy(expected, '-priority,key'));
    expect((await everything(client, '/work-items')).map((row) => row.id)).toEqual(itemIds);
  });

  it('strategy records: createdAt and updatedAt both ways', async () => {
    const annualGoalIds: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      annualGoalIds.push((await client.POST('/annual-goals', { body: { title: `Goal ${n}`, explanation: 'why' } })).data.id);
      await client.POST('/product-goals', { body: { title: `Product goal ${n}` } });
      await client.POST('/planning-cycles', { body: { name: `Cycle ${n}`, startDate: '2026-01-01', endDate: '2026-03-31' } });
      await client.POST('/interviews', { body: { title: `Interview ${n}` } });
      await client.POST('/insights', { body: { title: `Insight ${n}` } });
      await client.POST('/opportunities', { body: { title: `Opportunity ${n}` } });
    }
    const cycle = (await client.GET('/planning-cycles')).data[0];
    const opportunity = (await client.GET('/opportunities')).data[0];
    for (const n of [1, 2, 3, 4]) {
      const ckr = (await client.POST('/ckrs', { body: { title: `OKR ${n}`, annualGoalId: annualGoalIds[0], planningCycleIds: [cycle.id] } })).data;
      await client.POST('/experiments', { body: { title: `Experiment ${n}`, ckrId: ckr.id } });
      await client.POST('/solutions', { body: { title: `Solution ${n}`, opportunityId: opportunity.id } });
    }
    await client.PATCH('/annual-goals/{id}', { params: { path: { id: annualGoalIds[1] } }, body: { title: 'Goal 2 again' } });
    for (const path of ['/annual-goals', '/product-goals', '/planning-cycles', '/ckrs', '/opportunities', '/solutions', '/experiments', '/interviews', '/insights']) {
      await expectSorted(client, path, ['createdAt', 'updatedAt'], ['updatedAt,-createdAt']);
    }
  });

  it('lists ordered by creation: createdAt both ways (labels, teams, users, API keys, changelog, comments)', async () => {
    for (const n of [1, 2, 3, 4]) {
      await client.POST('/labels', { body: { name: `label ${n}`, color: '#000000' } });
      await client.POST('/teams', { body: { name: `Team ${n}` } });
      await client.POST('/users', { body: { email: `sort-${n}-${org.organization.id.slice(0, 8)}@example.com`, name: `User ${n}`, role: 'DEV' } });
      await client.POST('/api-keys', { body: { name: `key ${n}`, role: 'GUEST' } });
      await client.POST('/changelog', { body: { title: `Entry ${n}`, body: 'text' } });
      await client.POST('/work-items/{id}/comments', { params: { path: { id: itemIds[0] } }, body: { body: `Comment ${n}` } });
    }
    for (const path of ['/labels', '/teams', '/users', '/api-keys', '/changelog']) {
      await expectSorted(client, path, ['createdAt'], []);
    }
    await expectSorted(client, '/work-items/{id}/comments', ['createdAt'], [], { id: itemIds[0] });
  });

  it('lists ordered by creation: createdAt both ways (intake comments, webhooks, repositories)', async () => {
    // Another organization: its webhooks must not receive this spec's work-item events.
    const admin = clientOf(await createOrganization());
    const { data: submission } = await admin.POST('/intake', { body: { kind: 'BUG', title: 'Sorted comments' } });
    for (const n of [1, 2, 3, 4]) {
      await admin.POST('/intake/{id}/comments', { params: { path: { id: submission.id } }, body: { body: `Intake comment ${n}` } });
      await admin.POST('/webhooks', { body: { url: `http://127.0.0.1:9/sort-${n}`, events: ['work_item.created'] } });
      await admin.POST('/repositories', { body: { provider: 'GITHUB', fullName: `sort-${n}/repo-${randomBytes(4).toString('hex')}` } });
    }
    await expectSorted(admin, '/intake/{id}/comments', ['createdAt'], [], { id: submission.id });
    await expectSorted(admin, '/webhooks', ['createdAt'], []);
    await expectSorted(admin, '/repositories', ['createdAt'], []);
  });

  it('intake: key (the default), createdAt, updatedAt and votes both ways, and multi-key sorts', async () => {
    const intake = clientOf(await createOrganization());
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push((await intake.POST('/intake', { body: { kind: 'BUG', title: `Submission ${n}` } })).data.id);
    for (const id of [ids[3], ids[1]]) await intake.POST('/intake/{id}/votes', { params: { path: { id } } });
    for (const id of [ids[2], ids[0]]) await intake.PATCH('/intake/{id}', { params: { path: { id } }, body: { stage: 'IN_PREPARATION' } });
    await expectSorted(intake, '/intake', ['key', 'createdAt', 'votes'], ['-votes,key', 'votes,-createdAt']);
    const order = async (query: Record<string, unknown>) => (await everything(intake, '/intake', query)).map((row) => row.id);
    expect(await order({})).toEqual(ids);
    // `updatedAt` is not in a submission's body: the last changed come first newest first, and
    // oldest first is the same order reversed (ties by id follow the key's direction).
    const newest = await order({ sort: '-updatedAt' });
    expect(newest.slice(0, 2)).toEqual([ids[0], ids[2]]);
    expect([...newest].sort()).toEqual([...ids].sort());
    expect(await order({ sort: 'updatedAt' })).toEqual([...newest].reverse());
    expect(await order({ stage: 'IN_PREPARATION', sort: '-updatedAt' })).toEqual([ids[0], ids[2]]);
  });

  it('sprints: startDate (the default) and createdAt both ways', async () => {
    const planner = clientOf(await createOrganization());
    const ids: string[] = [];
    // Created in another order than they start, so start date and creation disagree.
    for (const [start, end] of [['2026-03-02', '2026-03-13'], ['2026-01-05', '2026-01-16'], ['2026-02-02', '2026-02-13'], ['2026-01-05', '2026-01-09']]) {
      ids.push((await planner.POST('/sprints', { body: { name: `Sprint ${start}`, startDate: start, endDate: end } })).data.id);
    }
    await expectSorted(planner, '/sprints', ['startDate'], []);
    const order = async (sort?: string) => (await everything(planner, '/sprints', sort ? { sort } : {})).map((row) => row.id);
    expect(await order()).toEqual(await order('startDate'));
    // `createdAt` is not in a sprint's body: the creation order is the order they were made in.
    expect(await order('createdAt')).toEqual(ids);
    expect(await order('-createdAt')).toEqual([...ids].reverse());
    expect(await order('-startDate,createdAt')).toEqual([ids[0], ids[2], ids[1], ids[3]]);
  });

  it('delivery logs: webhook and repository deliveries newest first by default, and both ways', async () => {
    const admin = clientOf(await createOrganization());
    const { data: hook } = await admin.POST('/webhooks', { body: { url: 'http://127.0.0.1:9/sorted-log', events: ['work_item.created'] } });
    const pings: string[] = [];
    for (const _ of [1, 2, 3, 4]) pings.push((await admin.POST('/webhooks/{id}/test', { params: { path: { id: hook.id } } })).data.id);
    await expectSorted(admin, '/webhooks/deliveries', ['createdAt'], []);
    expect((await everything(admin, '/webhooks/deliveries')).map((row) => row.id)).toEqual([...pings].reverse());
    expect((await everything(admin, '/webhooks/deliveries', { sort: 'createdAt' })).map((row) => row.id)).toEqual(pings);

    const org = await createOrganization();
    const repos = clientOf(org);
    const github = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo('sort') });
    for (const n of [1, 2, 3, 4]) {
      const tag = { ...githubPush(github.fullName, 'x', []), ref: `refs/tags/v${n}` };
      expect((await postGithub(github, 'push', tag)).status).toBe(202);
    }
    const logged = await eventually(() => everything(repos, '/repositories/{id}/deliveries', {}, { id: github.id }), { until: (list) => list.length === 4 });
    expect(logged.map((row) => row.id)).toEqual(sortedBy(logged, '-receivedAt'));
    await expectSorted(repos, '/repositories/{id}/deliveries', ['receivedAt'], [], { id: github.id });
  });

  it('logs: the trash by deletedAt, the audit log and a history by at, both ways (newest first by default)', async () => {
    const logs = clientOf(await createOrganization());
    const { data: item } = await logs.POST('/work-items', { body: { title: 'Logged', type: 'TASK' } });
    for (const n of [1, 2, 3]) await logs.PATCH('/work-items/{id}', { params: { path: { id: item.id } }, body: { title: `Logged ${n}` } });
    const doomed: string[] = [];
    for (const n of [1, 2, 3]) {
      // Both contexts' trash: labels are the delivery context's, opportunities the strategy context's.
      const label = (await logs.POST('/labels', { body: { name: `gone ${n}`, color: '#000000' } })).data;
      const opportunity = (await logs.POST('/opportunities', { body: { title: `Gone ${n}` } })).data;
      await logs.DELETE('/opportunities/{id}', { params: { path: { id: opportunity.id } } });
      await logs.DELETE('/labels/{id}', { params: { path: { id: label.id } } });
      doomed.push(opportunity.id, label.id);
    }
    const order = async (path: string, query: Record<string, unknown>, pathIds?: object) => (await everything(logs, path, query, pathIds)).map((row) => row.id);

    await expectSorted(logs, '/trash', ['deletedAt'], []);
    expect(await order('/trash', {})).toEqual([...doomed].reverse());
    expect(await order('/trash', { sort: 'deletedAt' })).toEqual(doomed);

    // The log is written from each context's outbox: wait until every change has its entry.
    await eventually(() => everything(logs, '/audit-log', { limit: 100, action: 'deleted' }), { until: atLeast(6), what: '6 deletions in the audit log' });
    await eventually(() => everything(logs, '/work-items/{id}/history', { limit: 100 }, { id: item.id }), { until: atLeast(4), what: '4 history entries' });
    await eventually(() => everything(logs, '/audit-log', { limit: 100 }), { until: atLeast(16), what: '16 audit entries' });
    await expectSorted(logs, '/audit-log', ['at'], []);
    expect(await order('/audit-log', {})).toEqual(await order('/audit-log', { sort: '-at' }));
    expect(await order('/audit-log', { action: 'deleted', sort: 'at' })).toEqual((await order('/audit-log', { action: 'deleted' })).reverse());
    await expectSorted(logs, '/work-items/{id}/history', ['at'], [], { id: item.id });
    const history = await everything(logs, '/work-items/{id}/history', { sort: 'at' }, { id: item.id });
    expect(history.map((entry) => entry.action)).toEqual(['created', 'updated', 'updated', 'updated']);
    expect(await order('/work-items/{id}/history', {}, { id: item.id })).toEqual(history.map((entry) => entry.id).reverse());
  });

  it('events: oldest first by default, -createdAt the same events newest first, each paged in its sort; after only oldest first', async () => {
    const events = clientOf(await createOrganization());
    for (const n of [1, 2, 3, 4, 5]) await events.POST('/work-items', { body: { title: `Event ${n}`, type: 'TASK' } });
    const oldest = await eventually(() => everything(events, '/events', { sort: 'createdAt' }), { until: atLeast(5), what: '5 events' });
    const ids = oldest.map((event) => event.id);
    expect((await everything(events, '/events')).map((event) => event.id)).toEqual(ids);
    expect((await everything(events, '/events', { sort: '-createdAt' })).map((event) => event.id)).toEqual([...ids].reverse());
    // Catching up is oldest first: `after` resumes there, and is refused with newest first.
    expect((await everything(events, '/events', { after: ids[1] })).map((event) => event.id)).toEqual(ids.slice(2));
    const refused = await failure(events.GET('/events', { params: { query: { after: ids[1], sort: '-createdAt' } } }));
    expect(refused).toMatchObject({ status: 400, details: { after: ['after works with sort=createdAt only'] } });
  });

  it('logs: a sort they do not offer is 400, and a cursor continues only its own sort', async () => {
    const logs = clientOf(await createOrganization());
    const { data: item } = await logs.POST('/work-items', { body: { title: 'Cursors', type: 'TASK' } });
    for (const n of [1, 2, 3]) {
      await logs.PATCH('/work-items/{id}', { params: { path: { id: item.id } }, body: { title: `Cursors ${n}` } });
      const label = (await logs.POST('/labels', { body: { name: `cursor ${n}`, color: '#000000' } })).data;
      await logs.DELETE('/labels/{id}', { params: { path: { id: label.id } } });
    }
    await eventually(() => everything(logs, '/work-items/{id}/history', { limit: 100 }, { id: item.id }), { until: atLeast(4), what: '4 history entries' });
    await eventually(() => everything(logs, '/events', { limit: 100 }), { until: atLeast(4), what: '4 events' });
    const history = { path: { id: item.id } };
    for (const [path, field, other, path_] of [
      ['/trash', 'deletedAt', 'createdAt', undefined],
      ['/audit-log', 'at', 'createdAt', undefined],
      ['/work-items/{id}/history', 'at', 'createdAt', history],
      ['/events', 'createdAt', 'updatedAt', undefined],
    ] as const) {
      const get = (query: Record<string, unknown>) => logs.GET(path as '/trash', { params: { query, ...(path_ ?? {}) } } as never);
      const unknown = await failure(get({ sort: other }));
      expect({ path, unknown }).toMatchObject({ path, unknown: { status: 400, details: { sort: [`sort field "${other}" is not one of ${field}`] } } });
      const cursor = async (query: Record<string, unknown>) => ((await get({ limit: 1, ...query })) as { response: Response }).response.headers.get('x-next-cursor')!;
      const ascending = await cursor({ sort: field });
      const descending = await cursor({ sort: `-${field}` });
      expect({ path, ascending: !!ascending, descending: !!descending }).toEqual({ path, ascending: true, descending: true });
      for (const query of [
        { sort: field, cursor: descending },
        { sort: `-${field}`, cursor: ascending },
      ]) {
        const refused = await failure(get(query));
        expect({ path, query, refused }).toMatchObject({ path, query, refused: { status: 400, details: { cursor: [expect.any(String)] } } });
      }
      // …and each continues its own sort.
      for (const query of [{ sort: field, cursor: ascending }, { sort: `-${field}`, cursor: descending }]) {
        expect({ path, query, status: ((await get(query)) as { response: Response }).response.status }).toEqual({ path, query, status: 200 });
      }
    }
  });

  it('a sort a list does not offer is 400 naming the field, nothing read', async () => {
    for (const [path, sort, message] of [
      ['/work-items', 'title', 'sort field "title" is not one of key, createdAt, updatedAt, priority, status'],
      ['/work-items', '-key,key', 'sort names "key" twice'],
      ['/work-items', 'key,createdAt,updatedAt,priority', 'sort takes at most 3 fields'],
      ['/labels', 'updatedAt', 'sort field "updatedAt" is not one of createdAt'],
      ['/ckrs', 'priority', 'sort field "priority" is not one of createdAt, updatedAt'],
      ['/intake', 'title', 'sort field "title" is not one of key, createdAt, updatedAt, votes'],
      ['/sprints', 'updatedAt', 'sort field "updatedAt" is not one of startDate, createdAt'],
      ['/webhooks/deliveries', 'updatedAt', 'sort field "updatedAt" is not one of createdAt'],
    ] as const) {
      const refused = await failure(client.GET(path as '/work-items', { params: { query: { sort } } }));
      expect(refused).toMatchObject({ status: 400, details: { sort: [message] } });
    }
  });

  it('a cursor continues only its own sort: another sort, the default order or none is 400', async () => {
    const page = async (query: Record<string, unknown>) => {
      const { response } = await client.GET('/work-items', { params: { query: { limit: 2, ...query } } });
      return response.headers.get('x-next-cursor')!;
    };
    const byUpdate = await page({ sort: '-updatedAt' });
    const byDefault = await page({});
    expect(byUpdate).toBeTruthy();
    expect(byDefault).toBeTruthy();
    for (const query of [
      { sort: 'updatedAt', cursor: byUpdate },
      { sort: 'priority', cursor: byUpdate },
      { cursor: byUpdate },
      { sort: '-key', cursor: byDefault },
      { sort: '-updatedAt', cursor: byDefault },
    ]) {
      const refused = await failure(client.GET('/work-items', { params: { query } }));
      expect(refused).toMatchObject({ status: 400, details: { cursor: [expect.any(String)] } });
    }
    // …and the cursor of the explicit default sort is the plain one.
    expect((await client.GET('/work-items', { params: { query: { sort: 'key', cursor: byDefault } } })).response.status).toBe(200);
  });

  it("another organization's records never appear in a sorted list", async () => {
    const other = clientOf(await createOrganization());
    await other.POST('/work-items', { body: { title: 'Theirs', type: 'TASK', priority: 'CRITICAL' } });
    const ours = await everything(client, '/work-items', { sort: '-priority' });
    expect(ours.map((row) => row.id).sort()).toEqual([...itemIds].sort());
  });
});
