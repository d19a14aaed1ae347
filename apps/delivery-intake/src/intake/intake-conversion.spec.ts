import { GatewayModule, OrganizationService } from '@pds/api-gateway';
import { AuthContext, ConvertIntakeDto, CreateIntakeDto, DeliverySubjects, StrategySubjects } from '@pds/contracts';
import { TestContext, bootstrapAdmin, createTestContext } from '@pds/runtime/testing';
import { StrategyDiscoveryModule } from '@pds/strategy-discovery';
import { DeliveryIntakeModule } from '../delivery-intake.module';

/**
 * Conversion into an opportunity crosses two contexts without a transaction (docs/architecture-notes.md):
 * each way it can break half-way is forced here, and none creates a second opportunity or loses the link.
 */
describe('intake conversion under failure', () => {
  let ctx: TestContext;
  let auth: AuthContext;

  const submit = async (title: string) =>
    (await ctx.bus.request(DeliverySubjects.intakeCreate, { auth, body: { kind: 'IMPROVEMENT', title } as CreateIntakeDto })).id;
  const convert = (id: string, target: 'OPPORTUNITY' | 'WORK_ITEM') =>
    ctx.bus.request(DeliverySubjects.intakeConvert, { auth, id, body: { target } as ConvertIntakeDto });
  const opportunities = async () =>
    (await ctx.db.sql.query<{ id: string }>('SELECT id FROM strategy.opportunities WHERE organization_id = $1', [auth.organizationId])).map((r) => r.id);
  const createdEvents = async () =>
    Number((await ctx.db.sql.query<{ n: string }>(`SELECT count(*) AS n FROM strategy.outbox WHERE event_type = 'opportunity.created' AND organization_id = $1`, [auth.organizationId]))[0].n);
  const claim = (id: string, age: string) =>
    ctx.db.sql.query(`UPDATE delivery.intake_submissions SET opportunity_key = 'converting', updated_at = now() - $2::interval WHERE id = $1`, [id, age]);

  beforeAll(async () => {
    ctx = await createTestContext([
      GatewayModule.forRoot({ operatorToken: undefined, rateLimitPerMinute: 100, apiKeyCacheTtlMs: 0 }),
      StrategyDiscoveryModule,
      DeliveryIntakeModule,
    ]);
    auth = await bootstrapAdmin(ctx, ctx.app.get(OrganizationService), 'convert');
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    await ctx.db.sql.query('DELETE FROM strategy.opportunities WHERE organization_id = $1', [auth.organizationId]);
    await ctx.db.sql.query('DELETE FROM strategy.outbox WHERE organization_id = $1', [auth.organizationId]);
  });

  it('a retry after a lost reply links the opportunity the first attempt created, not a second one', async () => {
    const id = await submit('Reply lost');
    // The first attempt's create went through, but its reply never came back and the claim was released.
    const first = await ctx.bus.request(StrategySubjects.opportunityCreate, { auth, body: { title: 'Reply lost' }, sourceRef: `intake:${id}` });
    const converted = await convert(id, 'OPPORTUNITY');
    expect(converted.opportunityId).toBe(first.id);
    expect(await opportunities()).toEqual([first.id]);
    expect(await createdEvents()).toBe(1);
  });

  it('takes over a claim left by a conversion that died, but not one still running', async () => {
    const stale = await submit('Died half-way');
    await claim(stale, '5 minutes');
    expect((await convert(stale, 'OPPORTUNITY')).opportunityKey).toMatch(/^OPP-\d+$/);

    const running = await submit('Still running');
    await claim(running, '1 second');
    await expect(convert(running, 'OPPORTUNITY')).rejects.toMatchObject({ code: 'Conflict' });
    expect(await opportunities()).toHaveLength(1);
  });

  it('does not convert into a work item while a conversion into an opportunity holds the submission', async () => {
    const id = await submit('Held');
    await claim(id, '1 second');
    const before = await ctx.db.sql.query('SELECT id FROM delivery.work_items WHERE organization_id = $1', [auth.organizationId]);
    await expect(convert(id, 'WORK_ITEM')).rejects.toMatchObject({ code: 'Conflict' });
    expect(await ctx.db.sql.query('SELECT id FROM delivery.work_items WHERE organization_id = $1', [auth.organizationId])).toEqual(before);
  });

  it('concurrent conversions create one opportunity', async () => {
    const id = await submit('Raced');
    const workItems = async () => Number((await ctx.db.sql.query<{ n: string }>('SELECT count(*) AS n FROM delivery.work_items WHERE organization_id = $1', [auth.organizationId]))[0].n);
    const itemsBefore = await workItems();
    const outcomes = await Promise.allSettled([convert(id, 'OPPORTUNITY'), convert(id, 'OPPORTUNITY'), convert(id, 'WORK_ITEM')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'Conflict' });
    const intoWorkItem = outcomes[2].status === 'fulfilled';
    expect(await opportunities()).toHaveLength(intoWorkItem ? 0 : 1);
    expect(await workItems()).toBe(itemsBefore + (intoWorkItem ? 1 : 0));
  });
});
