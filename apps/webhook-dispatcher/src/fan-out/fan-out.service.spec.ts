import { AuthContext, EventEnvelope, EventLogSubjects, EventType, Role } from '@pds/contracts';
import { buildEnvelope } from '@pds/messaging';
import { TestContext, createTestContext } from '@pds/runtime/testing';
import { generateSecretKey } from '@pds/secrets';
import { randomUUID } from 'node:crypto';
import { WebhookSettings, dispatcherOptionsFrom } from '../common/dispatcher.options';
import { WebhookDeliveryRepository } from '../deliveries/webhook-delivery.repository';
import { WebhookDispatcherModule } from '../webhook-dispatcher.module';
import { webhookBody } from './fan-out.service';

describe('webhook body', () => {
  it('never carries the contact data of an intake submitter', () => {
    const envelope = buildEnvelope(EventType.IntakeCreated, randomUUID(), { id: 'i', title: 't', submitterName: 'Ann', submitterEmail: 'ann@example.com' });
    const body = JSON.parse(webhookBody(envelope));
    expect(body.data).toEqual({ id: 'i', title: 't' });
    expect(Object.keys(body)).toEqual(['id', 'event', 'apiVersion', 'createdAt', 'organizationId', 'data']);
  });
});

/** The event log's order of what one fan-out statement stores (GET /events), against an in-memory database. */
describe('fan-out order in the event log', () => {
  let ctx: TestContext;
  const admin = (): AuthContext => ({ organizationId: randomUUID(), userId: randomUUID(), role: Role.ADMIN, keyId: randomUUID() });
  const list = (query: Record<string, unknown>, who: AuthContext) => ctx.bus.request(EventLogSubjects.list, { auth: who, query: query as never });

  beforeAll(async () => {
    const settings = Object.assign(new WebhookSettings(), { WEBHOOK_ALLOW_PRIVATE_TARGETS: true });
    ctx = await createTestContext([WebhookDispatcherModule.forRoot(dispatcherOptionsFrom(settings, generateSecretKey()))]);
  });
  afterAll(() => ctx.close());

  /** Events that reach the dispatcher together: one fan-out statement, in this order of arrival. */
  const fanOut = (...envelopes: EventEnvelope<object>[]) =>
    ctx.app.get(WebhookDeliveryRepository).fanOut(
      envelopes.map((e) => ({ id: e.id, organizationId: e.organizationId, type: e.event, createdAt: e.createdAt, body: webhookBody(e as EventEnvelope) })),
      0,
      1000,
    );

  it('keeps events of one millisecond that arrive together in the order they came, whatever their ids', async () => {
    const org = admin();
    const at = new Date().toISOString();
    // Ids in the reverse of the arrival order, so that an order by id would show them backwards.
    const arrived = ['ffffffff-ffff-4fff-bfff-ffffffffffff', '80000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001'].map(
      (id, i) => ({ ...buildEnvelope(i ? EventType.WorkItemStatusChanged : EventType.WorkItemUpdated, org.organizationId, { id: randomUUID() }), id, createdAt: at }),
    );
    const later = { ...buildEnvelope(EventType.WorkItemCreated, org.organizationId, { id: randomUUID() }), createdAt: new Date(Date.parse(at) + 1).toISOString() };
    await fanOut(later, ...arrived);
    expect((await list({}, org)).items.map((e) => e.id)).toEqual([...arrived, later].map((e) => e.id));
  });

  it('orders by position as numbers, so seq 100 follows 99 on a page and across pages', async () => {
    const org = admin();
    await ctx.db.sql.query(`SELECT setval(pg_get_serial_sequence('webhooks.events', 'seq'), 95)`);
    const start = Date.now();
    const stored = Array.from({ length: 10 }, (_, i) => ({
      ...buildEnvelope(EventType.WorkItemCreated, org.organizationId, { id: randomUUID() }),
      createdAt: new Date(start + i).toISOString(),
    }));
    await fanOut(...stored);
    const ids = stored.map((e) => e.id);
    expect((await list({}, org)).items.map((e) => e.id)).toEqual(ids);
    expect((await list({ sort: '-createdAt' }, org)).items.map((e) => e.id)).toEqual([...ids].reverse());
    const paged: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await list({ limit: 3, cursor }, org);
      paged.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(ids);
  });

});
