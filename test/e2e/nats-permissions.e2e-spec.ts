/**
 * NATS authorization (docs/nats-authorization.md): each app connects as its own user, and the
 * server refuses what that user was not given. Messages carry the caller's AuthContext, so without
 * this anyone who reaches NATS could act as any organization's ADMIN. The whole distributed suite
 * runs on these permissions (global teardown fails on any refusal it did not provoke); this file
 * provokes the refusals. Skipped in standalone (no NATS) and with E2E_NATS=shared (no authorization).
 */
import { AuthContext, EventType, WebhookSubjects, WorkItemSubjects, eventSubject } from '@pds/contracts';
import { eventsStreamName, natsInboxPrefix, prefixed } from '@pds/messaging';
import { randomUUID } from 'node:crypto';
import { ConnectionOptions, NatsConnection, connect } from 'nats';
import { HARNESS_USER, PROBE_CLIENT } from '../../tools/nats-server';
import { createOrganization } from './support/client';
import { isDistributed } from './support/events';
import { eventually } from './support/eventually';
import { StackInfo, natsConnectOptions, stackInfo } from './support/stack-info';

interface Refusal {
  operation: string;
  subject: string;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const json = (value: unknown) => encoder.encode(JSON.stringify(value));

/** Connects as one app's user the way the app does (its inbox prefix), recording what the server refuses. */
async function connectAs(info: StackInfo, app: string): Promise<{ nc: NatsConnection; refused: Refusal[] }> {
  const nc = await connect({
    ...natsConnectOptions(info, app),
    name: PROBE_CLIENT,
    inboxPrefix: natsInboxPrefix(info.natsPrefix ?? '', app),
    maxReconnectAttempts: 0,
  });
  const refused: Refusal[] = [];
  void (async () => {
    for await (const status of nc.status()) {
      const context = (status as { permissionContext?: { operation: string; subject: string } }).permissionContext;
      if (context) refused.push({ operation: context.operation, subject: context.subject });
    }
  })();
  return { nc, refused };
}


async function refusedToConnect(options: ConnectionOptions): Promise<string> {
  try {
    const nc = await connect({ ...options, name: PROBE_CLIENT, maxReconnectAttempts: 0, timeout: 3000 });
    await nc.close();
    return 'connected';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

// Standalone has no NATS; `E2E_NATS=shared` runs the distributed suite on a server without authorization.
const onPrivateNats = isDistributed() && Boolean(stackInfo().natsCredentials);
(onPrivateNats ? describe : describe.skip)('NATS authorization (distributed run on its private nats-server only)', () => {
  let info: StackInfo;
  let subject: (name: string) => string;
  const open: NatsConnection[] = [];

  beforeAll(() => {
    info = stackInfo();
    subject = (name) => prefixed(info.natsPrefix ?? '', name);
  });

  afterAll(async () => {
    await Promise.all(open.map((nc) => nc.close()));
  });

  const as = async (app: string) => {
    const connection = await connectAs(info, app);
    open.push(connection.nc);
    return connection;
  };

  /** The organization's first ADMIN as an edge puts it on a message. */
  async function adminOf(): Promise<{ auth: AuthContext; org: Awaited<ReturnType<typeof createOrganization>> }> {
    const org = await createOrganization();
    const me = await org.api.get('/api/v1/me');
    expect(me.status).toBe(200);
    return { org, auth: { organizationId: org.organization.id, userId: org.admin.id, role: 'ADMIN', keyId: me.body.apiKey.id } as AuthContext };
  }

  it('refuses a connection without credentials, with a wrong password, or with another app\'s password', async () => {
    const servers = info.natsUrl as string;
    const gateway = info.natsCredentials?.['api-gateway'];
    expect(await refusedToConnect({ servers })).toBe('AUTHORIZATION_VIOLATION');
    expect(await refusedToConnect({ servers, user: 'mcp-server', pass: 'not-the-password' })).toBe('AUTHORIZATION_VIOLATION');
    expect(await refusedToConnect({ servers, user: 'mcp-server', pass: gateway?.NATS_PASSWORD })).toBe('AUTHORIZATION_VIOLATION');
    expect(await refusedToConnect(natsConnectOptions(info, 'mcp-server'))).toBe('connected');
  });

  it('lets the mcp-server user call what it needs, but not create a webhook as any organization\'s ADMIN', async () => {
    const { org, auth } = await adminOf();
    const { nc, refused } = await as('mcp-server');

    // What the MCP tools do: answered.
    const listed = await nc.request(subject(WorkItemSubjects.list), json({ auth, query: {} }), { timeout: 5000 });
    expect(JSON.parse(decoder.decode(listed.data))).toMatchObject({ ok: true, data: { items: [] } });

    // Not an MCP tool's subject: the server drops the request and reports the violation.
    const create = subject(WebhookSubjects.create);
    const body = { url: 'http://127.0.0.1:9/forged', events: [EventType.WorkItemCreated] };
    await expect(nc.request(create, json({ auth, body }), { timeout: 1500 })).rejects.toThrow();
    await eventually(() => expect(refused).toContainEqual({ operation: 'publish', subject: create }));
    expect((await org.api.get('/api/v1/webhooks')).body).toEqual([]);

    // The very same message from the gateway's user (whose job it is) does create it: only the permission stood in the way.
    const gateway = await as('api-gateway');
    const created = JSON.parse(decoder.decode((await gateway.nc.request(create, json({ auth, body }), { timeout: 5000 })).data));
    expect(created).toMatchObject({ ok: true, data: { url: body.url } });
    expect((await org.api.get('/api/v1/webhooks')).body.map((hook: { url: string }) => hook.url)).toEqual([body.url]);
  });

  it('refuses listening in on other apps\' requests and replies', async () => {
    const { nc, refused } = await as('mcp-server');
    const requests = subject('delivery.>');
    const gatewayReplies = `${natsInboxPrefix(info.natsPrefix ?? '', 'api-gateway')}.>`;
    nc.subscribe(requests);
    nc.subscribe(gatewayReplies);
    await nc.flush();
    await eventually(() => expect(refused).toContainEqual({ operation: 'subscription', subject: requests }));
    await eventually(() => expect(refused).toContainEqual({ operation: 'subscription', subject: gatewayReplies }));
  });

  it('refuses a forged event in the EVENTS stream from an app that does not publish that event type', async () => {
    const stream = eventsStreamName(info.natsPrefix ?? '');
    const workItemCreated = subject(eventSubject(EventType.WorkItemCreated));
    const envelope = { id: randomUUID(), event: EventType.WorkItemCreated, apiVersion: '2026-07-13', createdAt: new Date().toISOString(), organizationId: randomUUID(), data: {} };
    // strategy-discovery publishes events, but not delivery's.
    const { nc, refused } = await as('strategy-discovery');
    await expect(nc.jetstream({ timeout: 1500 }).publish(workItemCreated, json(envelope), { msgID: envelope.id })).rejects.toThrow();
    await eventually(() => expect(refused).toContainEqual({ operation: 'publish', subject: workItemCreated }));

    // The stream never got it: read back by the test harness's own user.
    const harness = await connect({ ...natsConnectOptions(info, HARNESS_USER), name: PROBE_CLIENT });
    open.push(harness);
    const found = await (await harness.jetstreamManager()).streams.getMessage(stream, { last_by_subj: workItemCreated }).catch(() => undefined);
    if (found) expect(JSON.parse(decoder.decode(found.data)).id).not.toBe(envelope.id);
  });

  it('refuses deleting the EVENTS stream and reading another app\'s durable consumer', async () => {
    const stream = eventsStreamName(info.natsPrefix ?? '');
    const { nc, refused } = await as('webhook-dispatcher');
    const jsm = await nc.jetstreamManager({ timeout: 1500 });
    await expect(jsm.streams.delete(stream)).rejects.toThrow();
    await eventually(() => expect(refused).toContainEqual({ operation: 'publish', subject: `$JS.API.STREAM.DELETE.${stream}` }));
    await expect(jsm.consumers.info(stream, 'delivery-intake')).rejects.toThrow();
    await eventually(() => expect(refused).toContainEqual({ operation: 'publish', subject: `$JS.API.CONSUMER.INFO.${stream}.delivery-intake` }));
    // Its own consumer it may read.
    expect((await jsm.consumers.info(stream, 'webhook-dispatcher')).name).toBe('webhook-dispatcher');
    expect((await jsm.streams.info(stream)).config.name).toBe(stream);
  });
});
