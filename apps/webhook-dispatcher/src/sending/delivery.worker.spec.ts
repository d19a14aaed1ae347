import { AuthContext, EventEnvelope, EventType, Role, WebhookSubjects } from '@pds/contracts';
import { EventPublisher, buildEnvelope } from '@pds/messaging';
import { TestContext, createTestContext } from '@pds/runtime/testing';
import { generateSecretKey } from '@pds/secrets';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookSettings, dispatcherOptionsFrom } from '../common/dispatcher.options';
import { WebhookDispatcherModule } from '../webhook-dispatcher.module';

/** The worker against a real (in-memory) database and a local receiver; events come in through the (in-process) stream. */
describe('delivery worker', () => {
  let ctx: TestContext;
  let server: http.Server;
  let url: string;
  const statusFor = new Map<string, number>();
  const received: { path: string; body: string }[] = [];
  const auth: AuthContext = { organizationId: randomUUID(), userId: randomUUID(), role: Role.ADMIN, keyId: randomUUID() };

  const subscribe = (path: string, events: EventType[] = [EventType.WorkItemCreated]) =>
    ctx.bus.request(WebhookSubjects.create, { auth, body: { url: `${url}${path}`, events } });
  const deliveries = (webhookId: string) =>
    ctx.bus.request(WebhookSubjects.listDeliveries, { auth, query: { webhookId } }).then((p) => p.data);
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('condition never held');
  };
  /** Resolves once the dispatcher has stored the event's deliveries, as the stream's acknowledgement does. */
  const publish = (envelope: EventEnvelope) => ctx.app.get(EventPublisher).publish([envelope]);
  const emit = (event: string = EventType.WorkItemCreated, data: Record<string, unknown> = { id: randomUUID(), title: 'x' }) =>
    publish(buildEnvelope(event, auth.organizationId, data));

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString() });
        res.writeHead(statusFor.get(req.url ?? '') ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const settings = Object.assign(new WebhookSettings(), { WEBHOOK_ALLOW_PRIVATE_TARGETS: true, WEBHOOK_RETRY_SCHEDULE: '100ms,100ms', WEBHOOK_POLL_INTERVAL_MS: 50 });
    ctx = await createTestContext([WebhookDispatcherModule.forRoot(dispatcherOptionsFrom(settings, generateSecretKey()))]);
  });
  afterAll(async () => {
    await ctx.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('stores one delivery per (event, subscription) even when the event arrives twice', async () => {
    const hook = await subscribe('/twice');
    const envelope = buildEnvelope(EventType.WorkItemCreated, auth.organizationId, { id: randomUUID() });
    await publish(envelope);
    await publish(envelope);
    const [delivery] = await until(() => deliveries(hook.id), (d) => d[0]?.status === 'DELIVERED');
    expect(await deliveries(hook.id)).toHaveLength(1);
    expect(delivery.attempts).toBe(1);
    expect(received.filter((r) => r.path === '/twice')).toHaveLength(1);
  });

  it('disables the subscription at once on 410 Gone', async () => {
    statusFor.set('/gone', 410);
    const hook = await subscribe('/gone');
    await emit();
    await until(() => deliveries(hook.id), (d) => d[0]?.status === 'FAILED');
    const [stored] = (await ctx.bus.request(WebhookSubjects.list, { auth, query: {} })).items.filter((w) => w.id === hook.id);
    expect(stored.active).toBe(false);
    const [row] = await ctx.db.sql.query<{ disabled_reason: string }>('SELECT disabled_reason FROM webhooks.subscriptions WHERE id = $1', [hook.id]);
    expect(row.disabled_reason).toMatch(/410/);
  });

  it('disables a subscription whose deliveries failed for 5 days, and not before', async () => {
    statusFor.set('/failing', 500);
    const hook = await subscribe('/failing');
    await ctx.db.sql.query(`UPDATE webhooks.subscriptions SET failing_since = now() - interval '4 days' WHERE id = $1`, [hook.id]);
    await emit();
    await until(() => deliveries(hook.id), (d) => d[0]?.status === 'FAILED');
    const active = async () => (await ctx.db.sql.query<{ active: boolean }>('SELECT active FROM webhooks.subscriptions WHERE id = $1', [hook.id]))[0].active;
    expect(await active()).toBe(true);
    await ctx.db.sql.query(`UPDATE webhooks.subscriptions SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1`, [hook.id]);
    await emit();
    await until(active, (value) => value === false);
  });

  it('a success ends the failure window', async () => {
    const hook = await subscribe('/recovers');
    await ctx.db.sql.query(`UPDATE webhooks.subscriptions SET failing_since = now() - interval '1 day' WHERE id = $1`, [hook.id]);
    await emit();
    await until(() => deliveries(hook.id), (d) => d[0]?.status === 'DELIVERED');
    const [row] = await ctx.db.sql.query<{ failing_since: Date | null }>('SELECT failing_since FROM webhooks.subscriptions WHERE id = $1', [hook.id]);
    expect(row.failing_since).toBeNull();
  });

  it('makes a crashed worker’s claimed delivery due again when its lease ends', async () => {
    const hook = await subscribe('/leased', [EventType.CkrCreated]);
    // A row claimed by a worker that died: lease in the past, never attempted.
    const eventId = randomUUID();
    await ctx.db.sql.query(`INSERT INTO webhooks.events (id, organization_id, type, body) VALUES ($1, $2, 'ckr.created', '{}')`, [eventId, auth.organizationId]);
    await ctx.db.sql.query(
      `INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, next_attempt_at, lease_until)
       VALUES (gen_random_uuid(), $1, $2, $3, 'ckr.created', now(), now() - interval '1 second')`,
      [auth.organizationId, hook.id, eventId],
    );
    const [delivery] = await until(() => deliveries(hook.id), (d) => d[0]?.status === 'DELIVERED');
    expect(delivery.attempts).toBe(1);
  });

  it('stores the body once per event and sends those bytes to every subscription', async () => {
    const hooks = [await subscribe('/shared-a', [EventType.OpportunityCreated]), await subscribe('/shared-b', [EventType.OpportunityCreated])];
    const envelope = buildEnvelope(EventType.OpportunityCreated, auth.organizationId, { id: randomUUID(), title: 'once' });
    await publish(envelope);
    for (const hook of hooks) await until(() => deliveries(hook.id), (d) => d[0]?.status === 'DELIVERED');
    const stored = await ctx.db.sql.query<{ body: string }>('SELECT body FROM webhooks.events WHERE id = $1', [envelope.id]);
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0].body)).toEqual(envelope);
    const sent = received.filter((r) => r.path === '/shared-a' || r.path === '/shared-b').map((r) => r.body);
    expect(sent).toEqual([stored[0].body, stored[0].body]);
  });

  it('stores events that arrive together in one go, each for its own organization', async () => {
    const other: AuthContext = { ...auth, organizationId: randomUUID() };
    const mine = await subscribe('/together', [EventType.ChangelogPublished]);
    const theirs = await ctx.bus.request(WebhookSubjects.create, { auth: other, body: { url: `${url}/together-other`, events: [EventType.ChangelogPublished] } });
    const envelopes = [
      ...Array.from({ length: 5 }, () => buildEnvelope(EventType.ChangelogPublished, auth.organizationId, { id: randomUUID() })),
      ...Array.from({ length: 3 }, () => buildEnvelope(EventType.ChangelogPublished, other.organizationId, { id: randomUUID() })),
    ];
    await Promise.all(envelopes.map(publish));
    const mineDone = await until(() => deliveries(mine.id), (d) => d.length === 5 && d.every((x) => x.status === 'DELIVERED'));
    const theirsDone = await until(
      () => ctx.bus.request(WebhookSubjects.listDeliveries, { auth: other, query: { webhookId: theirs.id } }).then((p) => p.data),
      (d) => d.length === 3 && d.every((x) => x.status === 'DELIVERED'),
    );
    expect(mineDone).toHaveLength(5);
    expect(theirsDone).toHaveLength(3);
    const ids = new Set(received.filter((r) => r.path === '/together-other').map((r) => (JSON.parse(r.body) as { organizationId: string }).organizationId));
    expect([...ids]).toEqual([other.organizationId]);
  });

  it('deleting a subscription deletes its deliveries and test pings; its events stay in the event log', async () => {
    const kept = await subscribe('/body-kept', [EventType.ExperimentConcluded]);
    const removed = await subscribe('/body-removed', [EventType.ExperimentConcluded]);
    const shared = buildEnvelope(EventType.ExperimentConcluded, auth.organizationId, { id: randomUUID() });
    await publish(shared);
    await until(() => deliveries(removed.id), (d) => d[0]?.status === 'DELIVERED');
    const ping = await ctx.bus.request(WebhookSubjects.test, { auth, id: removed.id });
    await until(() => deliveries(removed.id), (d) => d.length === 2 && d.every((x) => x.status === 'DELIVERED'));
    const [{ event_id: pingEvent }] = await ctx.db.sql.query<{ event_id: string }>('SELECT event_id FROM webhooks.deliveries WHERE id = $1', [ping.id]);

    await ctx.bus.request(WebhookSubjects.remove, { auth, id: removed.id });
    const bodies = await ctx.db.sql.query<{ id: string }>('SELECT id FROM webhooks.events WHERE id = ANY($1::uuid[])', [[shared.id, pingEvent]]);
    expect(bodies.map((b) => b.id)).toEqual([shared.id]);
    expect(await deliveries(kept.id)).toHaveLength(1);
    expect(await ctx.db.sql.query('SELECT id FROM webhooks.deliveries WHERE webhook_id = $1', [removed.id])).toEqual([]);
  });
});
