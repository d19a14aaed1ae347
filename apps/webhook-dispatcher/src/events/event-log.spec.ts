import { AuthContext, EventEnvelope, EventLogSubjects, EventType, Role, WebhookSubjects } from '@pds/contracts';
import { EventPublisher, buildEnvelope } from '@pds/messaging';
import { TestContext, createTestContext } from '@pds/runtime/testing';
import { generateSecretKey } from '@pds/secrets';
import { randomUUID } from 'node:crypto';
import { WebhookSettings, dispatcherOptionsFrom } from '../common/dispatcher.options';
import { WebhookDispatcherModule } from '../webhook-dispatcher.module';
import { EventRetention } from './event-retention';

/** The event log (GET /events), its retention and the erasure of an address, against an in-memory database. */
describe('event log', () => {
  let ctx: TestContext;
  const admin = (organizationId = randomUUID()): AuthContext => ({ organizationId, userId: randomUUID(), role: Role.ADMIN, keyId: randomUUID() });
  const auth = admin();
  const other = admin();

  const publish = (...envelopes: EventEnvelope<object>[]) => ctx.app.get(EventPublisher).publish(envelopes as EventEnvelope[]);
  const list = (query: Record<string, unknown>, who: AuthContext = auth) =>
    ctx.bus.request(EventLogSubjects.list, { auth: who, query: query as never });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: { status?: number; details?: Record<string, unknown> }) => error,
    );

  beforeAll(async () => {
    const settings = Object.assign(new WebhookSettings(), { WEBHOOK_ALLOW_PRIVATE_TARGETS: true, EVENT_RETENTION_DAYS: 30 });
    ctx = await createTestContext([WebhookDispatcherModule.forRoot(dispatcherOptionsFrom(settings, generateSecretKey()))]);
  });
  afterAll(() => ctx.close());

  const events = Array.from({ length: 5 }, (_, i) =>
    buildEnvelope(i % 2 ? EventType.CkrCreated : EventType.WorkItemCreated, auth.organizationId, { id: randomUUID(), title: `event ${i}` }),
  );

  it('keeps every contract event without any subscription, as webhooks would send it, oldest first', async () => {
    await publish(...events.slice(0, 3));
    await publish(...events.slice(3));
    await publish(buildEnvelope(EventType.WorkItemCreated, other.organizationId, { id: randomUUID() }));
    await publish(buildEnvelope('opportunity.updated', auth.organizationId, { id: randomUUID() }));
    const page = await list({});
    expect(page.items).toEqual(events);
    expect(page.nextCursor).toBeNull();
  });

  it('pages by cursor and resumes after an event id, without repeating or skipping one', async () => {
    const first = await list({ limit: 2 });
    expect(first.items.map((e) => e.id)).toEqual(events.slice(0, 2).map((e) => e.id));
    const second = await list({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((e) => e.id)).toEqual(events.slice(2, 4).map((e) => e.id));
    const resumed = await list({ after: events[1].id });
    expect(resumed.items.map((e) => e.id)).toEqual(events.slice(2).map((e) => e.id));
    expect((await list({ after: events[4].id })).items).toEqual([]);
  });

  it('filters by type and by time', async () => {
    expect((await list({ type: [EventType.CkrCreated] })).items.map((e) => e.id)).toEqual([events[1].id, events[3].id]);
    expect((await list({ since: '2999-01-01T00:00:00.000Z' })).items).toEqual([]);
    expect((await list({ since: events[0].createdAt })).items).toHaveLength(5);
  });

  it('refuses an unknown or foreign `after`; beside a cursor the cursor counts', async () => {
    expect(await failure(list({ after: randomUUID() }))).toMatchObject({ status: 400, details: { after: ['unknown event id'] } });
    const foreign = (await list({}, other)).items[0];
    expect(await failure(list({ after: foreign.id }))).toMatchObject({ status: 400 });
    const { nextCursor } = await list({ limit: 1, after: events[0].id });
    expect((await list({ limit: 1, after: events[0].id, cursor: nextCursor })).items.map((e) => e.id)).toEqual([events[2].id]);
  });

  it('leaves test pings out', async () => {
    const hook = await ctx.bus.request(WebhookSubjects.create, { auth, body: { url: 'http://127.0.0.1:9/x', events: [EventType.CkrCreated] } });
    await ctx.bus.request(WebhookSubjects.test, { auth, id: hook.id });
    expect((await list({})).items.every((e) => e.event !== 'ping')).toBe(true);
  });

  it('prunes events past the retention, except those a pending delivery still sends, and finished deliveries', async () => {
    const org = admin();
    const hook = await ctx.bus.request(WebhookSubjects.create, { auth: org, body: { url: 'http://127.0.0.1:9/old', events: [EventType.CkrCreated] } });
    const old = [EventType.WorkItemCreated, EventType.CkrCreated].map((type) => buildEnvelope(type, org.organizationId, { id: randomUUID() }));
    const fresh = buildEnvelope(EventType.WorkItemCreated, org.organizationId, { id: randomUUID() });
    await publish(...old, fresh);
    await ctx.db.sql.query(`UPDATE webhooks.events SET created_at = now() - interval '31 days' WHERE id = ANY($1::uuid[])`, [old.map((e) => e.id)]);
    // The CKR event's delivery is still pending (its target refuses connections and retries wait).
    await ctx.db.sql.query(`UPDATE webhooks.deliveries SET status = 'PENDING', next_attempt_at = now() + interval '1 hour' WHERE webhook_id = $1`, [hook.id]);

    await ctx.app.get(EventRetention).prune();
    expect((await list({}, org)).items.map((e) => e.id)).toEqual([old[1].id, fresh.id]);

    await ctx.db.sql.query(`UPDATE webhooks.deliveries SET status = 'FAILED', next_attempt_at = NULL, created_at = now() - interval '31 days' WHERE webhook_id = $1`, [hook.id]);
    expect(await ctx.app.get(EventRetention).prune()).toEqual({ events: 1, deliveries: 1 });
    expect((await list({}, org)).items.map((e) => e.id)).toEqual([fresh.id]);
  });

  it('erases an address from stored bodies, delivery errors and attempt responses of the organization only', async () => {
    const org = admin();
    const mine = buildEnvelope(EventType.WorkItemCreated, org.organizationId, { id: randomUUID(), description: 'ask Pat+Tag@Example.com' });
    const theirs = buildEnvelope(EventType.WorkItemCreated, other.organizationId, { id: randomUUID(), description: 'ask pat@example.com' });
    await publish(mine, theirs);
    const erase = () => ctx.bus.request(EventLogSubjects.erase, { auth: org, body: { email: 'PAT@example.com' } });
    expect(await erase()).toEqual({ events: 1, deliveries: 0, attempts: 0 });
    const [body] = (await list({}, org)).items;
    expect(body.data).toMatchObject({ description: 'ask [erased]' });
    expect(await erase()).toEqual({ events: 0, deliveries: 0, attempts: 0 });
    expect((await list({ after: undefined }, other)).items.some((e) => e.id === theirs.id && JSON.stringify(e).includes('pat@example.com'))).toBe(true);
  });

  it('is for those who manage webhooks', async () => {
    expect(await failure(list({}, { ...auth, role: Role.PM }))).toMatchObject({ status: 403 });
  });
});
