import { GatewayModule, OrganizationService } from '@pds/api-gateway';
import { AuthContext, CreateWorkItemDto, EventEnvelope, Role, WorkItemResponse, WorkItemSubjects } from '@pds/contracts';
import { TestContext, bootstrapAdmin, createTestContext } from '@pds/runtime/testing';
import { StrategyDiscoveryModule } from '@pds/strategy-discovery';
import { DeliveryIntakeModule } from '../delivery-intake.module';

/** Drives the service through the bus, as the gateway does, against a real (in-memory) database. */
describe('work items', () => {
  let ctx: TestContext;
  let auth: AuthContext;
  let other: AuthContext;

  const bootstrap = (name: string) => bootstrapAdmin(ctx, ctx.app.get(OrganizationService), name);
  const create = (body: object, as = auth) => ctx.bus.request(WorkItemSubjects.create, { auth: as, body: body as CreateWorkItemDto });
  const update = (id: string, body: object, as = auth) => ctx.bus.request(WorkItemSubjects.update, { auth: as, id, body });
  const get = (id: string, as = auth) => ctx.bus.request(WorkItemSubjects.get, { auth: as, id });
  const outbox = async (id: string) =>
    (
      await ctx.db.sql.query<{ payload: EventEnvelope<WorkItemResponse & { previousStatus?: string }> }>(
        `SELECT payload FROM delivery.outbox WHERE payload->'data'->>'id' = $1 ORDER BY seq`,
        [id],
      )
    ).map((r) => r.payload);

  beforeAll(async () => {
    ctx = await createTestContext([
      GatewayModule.forRoot({ operatorToken: undefined, rateLimitPerMinute: 100, apiKeyCacheTtlMs: 0 }),
      StrategyDiscoveryModule,
      DeliveryIntakeModule,
    ]);
    auth = await bootstrap('acme');
    other = await bootstrap('globex');
  });
  afterAll(() => ctx.close());

  it('creates with defaults and a per-organization key', async () => {
    const item = await create({ title: 'First', type: 'TASK' });
    expect(item).toMatchObject({
      key: 'WI-1',
      status: 'BACKLOG',
      priority: 'MEDIUM',
      adHoc: false,
      carryOverCount: 0,
      classification: 'unclassified',
      labels: [],
      blockedByCount: 0,
      isBlocked: false,
    });
    expect(item.createdAt).toBe(item.updatedAt);
    expect((await create({ title: 'Their first', type: 'BUG' }, other)).key).toBe('WI-1');
    expect(await get('wi-1')).toEqual(item);
    expect(await get(item.id)).toEqual(item);
  });

  it('refuses a malformed message sent straight to its subject, whoever the caller', async () => {
    const before = await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM delivery.work_items');
    const refusal = (payload: unknown) => ctx.bus.request(WorkItemSubjects.create, payload as never).catch((e: unknown) => e);
    await expect(refusal({ auth, body: { title: 42, type: 'EPIC!', owner: 'x' } })).resolves.toMatchObject({
      code: 'BadRequest',
      details: { 'body.title': expect.any(Array), 'body.type': expect.any(Array), 'body.owner': expect.any(Array) },
    });
    await expect(refusal({ auth: { ...auth, organizationId: undefined }, body: { title: 'No tenant', type: 'TASK' } })).resolves.toMatchObject({
      code: 'BadRequest',
      details: { 'auth.organizationId': expect.any(Array) },
    });
    await expect(refusal({ body: { title: 'No caller', type: 'TASK' } })).resolves.toMatchObject({ code: 'BadRequest', details: { auth: expect.any(Array) } });
    expect(await ctx.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM delivery.work_items')).toEqual(before);
  });

  it('never hands out one key twice, even for concurrent creates', async () => {
    const items = await Promise.all(Array.from({ length: 15 }, (_, i) => create({ title: `Item ${i}`, type: 'TASK' })));
    expect(new Set(items.map((i) => i.key)).size).toBe(15);
  });

  it('classifies maintenance work', async () => {
    expect((await create({ title: 'Fix it', type: 'BUG', maintenanceCategory: 'HOTFIX' })).classification).toBe('maintenance');
  });

  it('writes a created event with the record as the API returns it', async () => {
    const item = await create({ title: 'Evented', type: 'STORY' });
    const events = await outbox(item.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'work_item.created', apiVersion: '2026-07-13', organizationId: auth.organizationId, data: item });
  });

  it('updates, emits updated and status_changed with previousStatus, and skips no-op updates', async () => {
    const item = await create({ title: 'Moving', type: 'TASK' });
    const moved = await update(item.key, { status: 'IN_PROGRESS', estimate: 3 });
    expect(moved).toMatchObject({ status: 'IN_PROGRESS', estimate: 3 });
    expect(Date.parse(moved.updatedAt)).toBeGreaterThan(Date.parse(item.updatedAt));
    const same = await update(item.key, { status: 'IN_PROGRESS', estimate: 3 });
    expect(same.updatedAt).toBe(moved.updatedAt);
    const cleared = await update(item.key, { estimate: null, title: 'Renamed' });
    expect(cleared).toMatchObject({ estimate: null, title: 'Renamed', status: 'IN_PROGRESS' });
    const events = (await outbox(item.id)).map((e) => [e.event, e.data.previousStatus ?? null]);
    expect(events).toEqual([
      ['work_item.created', null],
      ['work_item.updated', null],
      ['work_item.status_changed', 'BACKLOG'],
      ['work_item.updated', null],
    ]);
  });

  it('answers a stale expectedUpdatedAt with 409 and writes nothing', async () => {
    const item = await create({ title: 'Contended', type: 'TASK' });
    const fresh = await update(item.id, { expectedUpdatedAt: item.updatedAt, priority: 'HIGH' });
    await expect(update(item.id, { expectedUpdatedAt: item.updatedAt, priority: 'LOW' })).rejects.toMatchObject({
      code: 'Conflict',
      details: { updatedAt: fresh.updatedAt },
    });
    expect(await get(item.id)).toEqual(fresh);
    expect(await outbox(item.id)).toHaveLength(2);
  });

  it('answers 404, not 400, for an item that does not exist whatever the body names', async () => {
    const nobody = '00000000-0000-4000-8000-00000000dead';
    await expect(update(nobody, { status: 'DONE' })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(update('WI-99999', { sprintId: nobody, assigneeId: nobody })).rejects.toMatchObject({ code: 'NotFound' });
    const item = await create({ title: 'Exists', type: 'TASK' });
    await expect(update(item.key, { sprintId: nobody })).rejects.toMatchObject({ code: 'BadRequest', details: { sprintId: expect.any(Array) } });
  });

  it('hides other organizations and refuses their ids as references', async () => {
    const theirs = await create({ title: 'Secret', type: 'TASK' }, other);
    await expect(get(theirs.id)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(update(theirs.id, { title: 'Mine now' })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(create({ title: 'Child', type: 'TASK', parentId: theirs.id })).rejects.toMatchObject({
      code: 'BadRequest',
      details: { parentId: expect.any(Array) },
    });
    await expect(create({ title: 'Assigned', type: 'TASK', assigneeId: other.userId })).rejects.toMatchObject({
      code: 'BadRequest',
      details: { assigneeId: expect.any(Array) },
    });
  });

  it('keeps the parent tree acyclic', async () => {
    const epic = await create({ title: 'Epic', type: 'EPIC' });
    const story = await create({ title: 'Story', type: 'STORY', parentId: epic.id });
    await expect(update(epic.id, { parentId: story.id })).rejects.toMatchObject({ details: { parentId: ['this parent would create a cycle'] } });
    await expect(update(epic.id, { parentId: epic.id })).rejects.toMatchObject({ code: 'BadRequest' });
  });

  it('lets GUEST read but not write', async () => {
    const guest = { ...auth, role: Role.GUEST };
    await expect(create({ title: 'Nope', type: 'TASK' }, guest)).rejects.toMatchObject({ code: 'Forbidden' });
    await expect(get('WI-1', guest)).resolves.toMatchObject({ key: 'WI-1' });
  });
});
