import { GatewayModule, OrganizationService } from '@pds/api-gateway';
import { AuthContext, StrategyReferenceSubjects, StrategySubjects as S, Subject } from '@pds/contracts';
import { TestContext, bootstrapAdmin, createTestContext } from '@pds/runtime/testing';
import { StrategyDiscoveryModule } from './strategy-discovery.module';
import { OpportunityService } from './opportunities/opportunity.service';

/** Drives the service through the bus, as the gateway does, against a real (in-memory) database. */
describe('promote and conclude', () => {
  let ctx: TestContext;
  let auth: AuthContext;
  let other: AuthContext;
  let annualGoalId: string;
  let cycleId: string;

  const bootstrap = (name: string) => bootstrapAdmin(ctx, ctx.app.get(OrganizationService), name);
  const send = <Req, Res>(subject: Subject<Req, Res>, message: object, as = auth) => ctx.bus.request(subject, { auth: as, ...message } as Req);
  const count = async (table: string, organizationId = auth.organizationId) =>
    Number((await ctx.db.sql.query<{ n: string }>(`SELECT count(*) AS n FROM strategy.${table} WHERE organization_id = $1`, [organizationId]))[0].n);
  const outboxTypes = async (id: string) =>
    (
      await ctx.db.sql.query<{ event_type: string }>(`SELECT event_type FROM strategy.outbox WHERE payload->'data'->>'id' = $1 ORDER BY seq`, [id])
    ).map((r) => r.event_type);
  const opportunity = (body: object = {}) =>
    send(S.opportunityCreate, { body: { title: 'Faster onboarding', ...body } });

  beforeAll(async () => {
    ctx = await createTestContext([
      GatewayModule.forRoot({ operatorToken: undefined, rateLimitPerMinute: 100, apiKeyCacheTtlMs: 0 }),
      StrategyDiscoveryModule,
    ]);
    auth = await bootstrap('acme');
    other = await bootstrap('globex');
    annualGoalId = (await send(S.annualGoalCreate, { body: { title: 'Grow' } })).id;
    cycleId = (await send(S.planningCycleCreate, { body: { name: 'Q1' } })).id;
  });
  afterAll(() => ctx.close());

  it('computes score and riceScore from the stored fields', async () => {
    const opp = await opportunity({ impact: 5, confidence: 4, reach: 1000, effort: 2 });
    expect(opp).toMatchObject({ score: 20, riceScore: 2000 });
    expect((await opportunity()).riceScore).toBeNull();
  });

  it('promotes in one transaction: OKR, PROMOTED opportunity and both events', async () => {
    const opp = await opportunity();
    const result = await send(S.opportunityPromote, {
      id: opp.key,
      body: { planningCycleIds: [cycleId], annualGoalId, confidence: 4, keyResults: [{ title: 'Activation 40%', targetValue: 40, unit: '%' }] },
    });
    expect(result.opportunity).toMatchObject({ id: opp.id, status: 'PROMOTED', ckrId: result.ckr.id });
    expect(result.ckr).toMatchObject({ title: opp.title, annualGoalId, planningCycleIds: [cycleId], confidence: 4, status: 'DRAFT' });
    expect(result.ckr.keyResults).toEqual([expect.objectContaining({ title: 'Activation 40%', targetValue: 40, unit: '%', status: 'ON_TRACK' })]);
    expect(await outboxTypes(result.ckr.id)).toEqual(['ckr.created']);
    expect(await outboxTypes(opp.id)).toEqual(['opportunity.created', 'opportunity.updated', 'opportunity.updated']);
    await expect(send(S.opportunityPromote, { id: opp.id, body: { planningCycleIds: [cycleId], annualGoalId } })).rejects.toMatchObject({
      status: 409,
    });
  });

  it('takes the annual goal from the product goal, and needs one from somewhere', async () => {
    const productGoal = await send(S.productGoalCreate, { body: { title: 'Onboarding', annualGoalId } });
    const viaGoal = await opportunity({ productGoalId: productGoal.id });
    const result = await send(S.opportunityPromote, { id: viaGoal.id, body: { planningCycleIds: [cycleId] } });
    expect(result.ckr).toMatchObject({ annualGoalId, productGoalId: productGoal.id });
    const orphan = await opportunity();
    await expect(send(S.opportunityPromote, { id: orphan.id, body: { planningCycleIds: [cycleId] } })).rejects.toMatchObject({
      status: 400,
      details: { annualGoalId: expect.any(Array) },
    });
  });

  it('leaves nothing half-written when the second write of promote fails', async () => {
    const opp = await opportunity();
    const [ckrsBefore, keyResultsBefore, outboxBefore] = [await count('ckrs'), await count('key_results'), await count('outbox')];
    const service = ctx.app.get(OpportunityService);
    const spy = jest.spyOn(service as unknown as { markPromoted: () => Promise<unknown> }, 'markPromoted').mockRejectedValueOnce(new Error('boom'));
    try {
      await expect(send(S.opportunityPromote, { id: opp.id, body: { planningCycleIds: [cycleId], annualGoalId } })).rejects.toBeTruthy();
    } finally {
      spy.mockRestore();
    }
    expect(await count('ckrs')).toBe(ckrsBefore);
    expect(await count('key_results')).toBe(keyResultsBefore);
    expect(await count('outbox')).toBe(outboxBefore);
    expect(await send(S.opportunityGet, { id: opp.id })).toMatchObject({ status: 'NEW', ckrId: null });
    // The key number of the rolled-back OKR is not lost either: the next OKR takes it.
    const result = await send(S.opportunityPromote, { id: opp.id, body: { planningCycleIds: [cycleId], annualGoalId } });
    expect(result.ckr.key).toBe(`OKR-${ckrsBefore + 1}`);
  });

  it('lets exactly one of two concurrent promotes win', async () => {
    const opp = await opportunity();
    const ckrsBefore = await count('ckrs');
    const body = { planningCycleIds: [cycleId], annualGoalId };
    const results = await Promise.allSettled([
      send(S.opportunityPromote, { id: opp.id, body }),
      send(S.opportunityPromote, { id: opp.id, body }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    expect(await count('ckrs')).toBe(ckrsBefore + 1);
  });

  it('concludes once: INCONCLUSIVE without an outcome, 409 the second time', async () => {
    const ckr = await send(S.ckrCreate, { body: { title: 'Retention', annualGoalId, planningCycleIds: [cycleId] } });
    const first = await send(S.experimentCreate, { body: { title: 'Try A', ckrId: ckr.id } });
    expect(await send(S.experimentConclude, { id: first.key, body: undefined })).toMatchObject({
      status: 'INCONCLUSIVE',
      result: null,
    });
    await expect(send(S.experimentConclude, { id: first.id, body: { outcome: 'SUCCEEDED' } })).rejects.toMatchObject({ status: 409 });
    const second = await send(S.experimentCreate, { body: { title: 'Try B', ckrId: ckr.id } });
    const concluded = await send(S.experimentConclude, { id: second.id, body: { outcome: 'FAILED', result: 'No lift' } });
    expect(concluded).toMatchObject({ status: 'FAILED', result: 'No lift' });
    expect(await outboxTypes(second.id)).toEqual(['experiment.updated', 'experiment.concluded', 'experiment.updated']);
  });

  it('resolves references of the organization only, solutions through their opportunity', async () => {
    const ckr = await send(S.ckrCreate, { body: { title: 'Linked', annualGoalId, planningCycleIds: [cycleId] } });
    const opp = await opportunity({ ckrId: ckr.id });
    const solution = await send(S.solutionCreate, { body: { title: 'Wizard', opportunityId: opp.id } });
    const experiment = await send(S.experimentCreate, { body: { title: 'Wizard test', ckrId: ckr.id } });
    const request = {
      ckrIds: [ckr.id],
      opportunityIds: [opp.id],
      solutionIds: [solution.id],
      experimentIds: [experiment.id],
    };
    const mine = await ctx.bus.request(StrategyReferenceSubjects.resolve, {
      organizationId: auth.organizationId,
      ...request,
    });
    expect(mine).toEqual({
      ckrs: [{ id: ckr.id }],
      opportunities: [{ id: opp.id, ckrId: ckr.id }],
      solutions: [{ id: solution.id, ckrId: ckr.id }],
      experiments: [{ id: experiment.id, ckrId: ckr.id }],
    });
    const theirs = await ctx.bus.request(StrategyReferenceSubjects.resolve, {
      organizationId: other.organizationId,
      ...request,
    });
    expect(theirs).toEqual({ ckrs: [], opportunities: [], solutions: [], experiments: [] });
  });
});
