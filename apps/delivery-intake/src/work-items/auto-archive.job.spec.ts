import { GatewayModule, OrganizationService } from '@pds/api-gateway';
import { AuthContext, EventEnvelope, WorkItemResponse, WorkItemSubjects } from '@pds/contracts';
import { TestContext, bootstrapAdmin, createTestContext } from '@pds/runtime/testing';
import { StrategyDiscoveryModule } from '@pds/strategy-discovery';
import { DeliveryIntakeModule } from '../delivery-intake.module';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The auto-archive job through its bus subject, against a real (in-memory) database. */
describe('auto-archive job', () => {
  let ctx: TestContext;
  let on: AuthContext;
  let off: AuthContext;

  const create = (auth: AuthContext, status: string) => ctx.bus.request(WorkItemSubjects.create, { auth, body: { title: `${status} item`, type: 'TASK', status } as never });
  const get = (auth: AuthContext, id: string) => ctx.bus.request(WorkItemSubjects.get, { auth, id });
  const run = (asOf: number) => ctx.bus.request(WorkItemSubjects.autoArchive, { asOf: new Date(asOf).toISOString() });

  beforeAll(async () => {
    ctx = await createTestContext([
      GatewayModule.forRoot({ operatorToken: undefined, rateLimitPerMinute: 100, apiKeyCacheTtlMs: 0 }),
      StrategyDiscoveryModule,
      DeliveryIntakeModule,
    ]);
    const organizations = ctx.app.get(OrganizationService);
    on = await bootstrapAdmin(ctx, organizations, 'on');
    off = await bootstrapAdmin(ctx, organizations, 'off');
    await ctx.db.sql.query('UPDATE identity.organizations SET auto_archive_days = 30 WHERE id = $1::uuid', [on.organizationId]);
  });
  afterAll(() => ctx.close());

  it('archives closed items older than the setting in batches, with an event each, and nothing else', async () => {
    const closed: WorkItemResponse[] = [];
    for (let i = 0; i < 205; i++) closed.push(await create(on, i % 2 ? 'DONE' : 'CANCELLED'));
    const open = await create(on, 'IN_REVIEW');
    const elsewhere = await create(off, 'DONE');

    expect(await run(Date.now() + 29 * DAY_MS)).toEqual({ organizations: 1, archived: 0 });
    expect(await run(Date.now() + 31 * DAY_MS)).toEqual({ organizations: 1, archived: 205 });
    for (const item of [closed[0], closed[204]]) expect((await get(on, item.id)).archivedAt).toEqual(expect.any(String));
    expect((await get(on, open.id)).archivedAt).toBeNull();
    expect((await get(off, elsewhere.id)).archivedAt).toBeNull();

    const events = await ctx.db.sql.query<{ payload: EventEnvelope<WorkItemResponse> }>(
      `SELECT payload FROM delivery.outbox WHERE event_type = 'work_item.updated' AND organization_id = $1::uuid`,
      [on.organizationId],
    );
    expect(events).toHaveLength(205);
    expect(new Set(events.map((e) => e.payload.data.id))).toEqual(new Set(closed.map((item) => item.id)));
    expect(events.every((e) => e.payload.data.archivedAt !== null)).toBe(true);

    // Archived items are not archived again.
    expect(await run(Date.now() + 31 * DAY_MS)).toEqual({ organizations: 1, archived: 0 });
  });
});
