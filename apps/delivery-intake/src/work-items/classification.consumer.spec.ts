import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthContext,
  CreateWorkItemDto,
  EventEnvelope,
  InternalEventType,
  ResolveStrategyReferencesReply,
  ResolveStrategyReferencesRequest,
  Role,
  StrategyReferenceSubjects,
  WorkItemResponse,
  WorkItemSubjects,
} from '@pds/contracts';
import { EventPublisher, MessageController, buildEnvelope } from '@pds/messaging';
import { TestContext, createTestContext } from '@pds/runtime/testing';
import { DeliveryIntakeModule } from '../delivery-intake.module';

/** A strategy-discovery stand-in whose records and their OKRs the test sets. */
const strategy = {
  opportunities: new Map<string, string | null>(),
  solutions: new Map<string, string | null>(),
  experiments: new Map<string, string | null>(),
};

@MessageController()
class FakeStrategyReferences {
  @MessagePattern(StrategyReferenceSubjects.resolve)
  async resolve(@Payload() request: ResolveStrategyReferencesRequest): Promise<ResolveStrategyReferencesReply> {
    const pick = (ids: string[] | undefined, records: Map<string, string | null>) =>
      (ids ?? []).filter((id) => records.has(id)).map((id) => ({ id, ckrId: records.get(id) ?? null }));
    return {
      ckrs: [],
      opportunities: pick(request.opportunityIds, strategy.opportunities),
      solutions: pick(request.solutionIds, strategy.solutions),
      experiments: pick(request.experimentIds, strategy.experiments),
    };
  }
}

@Module({ controllers: [FakeStrategyReferences] })
class FakeStrategyModule {}

/** Internal strategy events travel through the in-process stream, as in standalone. */
describe('classification follows strategy records', () => {
  let ctx: TestContext;
  let auth: AuthContext;
  const create = (body: object) => ctx.bus.request(WorkItemSubjects.create, { auth, body: body as CreateWorkItemDto });
  const get = (id: string) => ctx.bus.request(WorkItemSubjects.get, { auth, id });
  const publish = (event: string, data: Record<string, unknown>, organizationId = auth.organizationId) =>
    ctx.app.get(EventPublisher).publish([buildEnvelope(event, organizationId, data)]);
  const updatedEvents = async (id: string) =>
    (
      await ctx.db.sql.query<{ payload: EventEnvelope<WorkItemResponse> }>(
        `SELECT payload FROM delivery.outbox WHERE event_type = 'work_item.updated' AND payload->'data'->>'id' = $1 ORDER BY seq`,
        [id],
      )
    ).map((r) => r.payload);

  beforeAll(async () => {
    ctx = await createTestContext([FakeStrategyModule, DeliveryIntakeModule]);
    auth = { organizationId: randomUUID(), userId: randomUUID(), role: Role.ADMIN, keyId: randomUUID() };
  });
  afterAll(() => ctx.close());

  it('an opportunity that gains and loses its OKR reclassifies its items, once per change', async () => {
    const opportunityId = randomUUID();
    strategy.opportunities.set(opportunityId, null);
    const item = await create({ title: 'Via opportunity', type: 'FEATURE', opportunityId, maintenanceCategory: 'SUPPORT' });
    const untouched = await create({ title: 'Unlinked', type: 'TASK' });
    expect(item.classification).toBe('maintenance');

    const ckrId = randomUUID();
    strategy.opportunities.set(opportunityId, ckrId);
    await publish(InternalEventType.OpportunityUpdated, { id: opportunityId, ckrId });
    const reclassified = await get(item.id);
    expect(reclassified.classification).toBe('ckr');
    expect(Date.parse(reclassified.updatedAt)).toBeGreaterThan(Date.parse(item.updatedAt));
    const listed = await ctx.bus.request(WorkItemSubjects.list, { auth, query: { ckrId } });
    expect(listed.items.map((w) => w.id)).toEqual([item.id]);

    // At-least-once: the same event again changes nothing and emits nothing.
    await publish(InternalEventType.OpportunityUpdated, { id: opportunityId, ckrId });
    expect(await get(item.id)).toEqual(reclassified);
    expect((await updatedEvents(item.id)).map((e) => e.data.classification)).toEqual(['ckr']);

    strategy.opportunities.set(opportunityId, null);
    await publish(InternalEventType.OpportunityUpdated, { id: opportunityId, ckrId: null });
    expect((await get(item.id)).classification).toBe('maintenance');
    expect((await updatedEvents(item.id)).map((e) => e.data.classification)).toEqual(['ckr', 'maintenance']);
    expect(await get(untouched.id)).toEqual(untouched);
  });

  it('solution and experiment events reach items linked to them; the experiment wins over the solution', async () => {
    const solutionId = randomUUID();
    const experimentId = randomUUID();
    strategy.solutions.set(solutionId, null);
    strategy.experiments.set(experimentId, null);
    const viaSolution = await create({ title: 'Via solution', type: 'TASK', solutionId });
    const viaBoth = await create({ title: 'Via both', type: 'TASK', solutionId, experimentId });
    expect([viaSolution.classification, viaBoth.classification]).toEqual(['unclassified', 'unclassified']);

    strategy.solutions.set(solutionId, randomUUID());
    await publish(InternalEventType.SolutionUpdated, { id: solutionId, opportunityId: randomUUID() });
    expect((await get(viaSolution.id)).classification).toBe('ckr');
    expect((await get(viaBoth.id)).classification).toBe('ckr');

    const experimentCkr = randomUUID();
    strategy.experiments.set(experimentId, experimentCkr);
    await publish(InternalEventType.ExperimentUpdated, { id: experimentId, ckrId: experimentCkr });
    const listed = await ctx.bus.request(WorkItemSubjects.list, { auth, query: { ckrId: experimentCkr } });
    expect(listed.items.map((w) => w.id)).toEqual([viaBoth.id]);
    // Same visible classification: the stored OKR changed, the item did not (no new event).
    expect((await updatedEvents(viaBoth.id)).map((e) => e.data.classification)).toEqual(['ckr']);
  });

  it("another organization's event touches nothing here", async () => {
    const opportunityId = randomUUID();
    strategy.opportunities.set(opportunityId, null);
    const item = await create({ title: 'Mine', type: 'TASK', opportunityId });
    strategy.opportunities.set(opportunityId, randomUUID());
    await publish(InternalEventType.OpportunityUpdated, { id: opportunityId }, randomUUID());
    expect(await get(item.id)).toEqual(item);
  });
});
