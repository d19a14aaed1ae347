import { createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { DELIVERIES, Receiver, WEBHOOKS, createWebhook, startStalledListener, verifyContractSignature, verifyStandardSignature, webhookDeliveriesOf } from './support/receiver';
import { shapeViolations } from './support/shapes';
import { ATTEMPT_SHAPE, DELIVERY_SHAPE, ENVELOPE_SHAPE } from './support/shapes-webhooks';

const WORK_ITEMS = '/api/v1/work-items';

describe('webhook deliveries', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
  });
  afterAll(() => receiver.stop());

  /** A receiver path unique to one test, so tests sharing the receiver never see each other's requests. */
  const pathOf = (name: string) => `/${name}-${Math.random().toString(36).slice(2)}`;
  const at = (path: string) => (r: { path: string }) => r.path === path;

  it('delivers a work-item event signed both ways; the delivery and its attempt are logged', async () => {
    const org = await createOrganization();
    const path = pathOf('created');
    const hook = await createWebhook(org, `${receiver.url}${path}`, ['work_item.created']);
    const item = await org.api.post(WORK_ITEMS, { title: 'Hooked', type: 'TASK' });

    const [request] = await eventually(() => receiver.received(at(path)), { until: atLeast(1) });
    expect(request.headers['content-type']).toBe('application/json');
    expect(verifyContractSignature(hook.secret, request.raw, request.headers['x-svc-signature'] as string)).toBe(true);
    expect(verifyStandardSignature(hook.secret, request.raw, request.headers)).toBe(true);
    expect(verifyContractSignature('whsec_wrong', request.raw, request.headers['x-svc-signature'] as string)).toBe(false);
    expect(shapeViolations(request.body, ENVELOPE_SHAPE)).toEqual([]);
    expect(request.body).toMatchObject({ event: 'work_item.created', organizationId: org.organization.id, data: { id: item.body.id, key: 'WI-1', title: 'Hooked' } });
    expect(request.headers['webhook-id']).toBe(request.body.id);

    const [delivery] = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d.length === 1 && d[0].status === 'DELIVERED' });
    expect(shapeViolations(delivery, DELIVERY_SHAPE)).toEqual([]);
    expect(delivery).toMatchObject({ webhookId: hook.id, eventType: 'work_item.created', statusCode: 200, attempts: 1, nextAttemptAt: null, error: null });
    expect(delivery.deliveredAt).not.toBeNull();

    const detail = await org.api.get(`${DELIVERIES}/${delivery.id}`);
    expect(detail.status).toBe(200);
    expect(shapeViolations(detail.body, DELIVERY_SHAPE)).toEqual([]);
    expect(detail.body.attemptLog).toHaveLength(1);
    expect(shapeViolations(detail.body.attemptLog[0], ATTEMPT_SHAPE)).toEqual([]);
    expect(detail.body.attemptLog[0]).toMatchObject({ statusCode: 200, error: null, responseBody: 'ok' });
  });

  it('sends only subscribed events to active subscriptions', async () => {
    const org = await createOrganization();
    const updatesPath = pathOf('updates');
    const inactivePath = pathOf('inactive');
    const updates = await createWebhook(org, `${receiver.url}${updatesPath}`, ['work_item.updated']);
    const inactive = await createWebhook(org, `${receiver.url}${inactivePath}`, ['work_item.created', 'work_item.updated']);
    await org.api.patch(`${WEBHOOKS}/${inactive.id}`, { active: false });
    const item = await org.api.post(WORK_ITEMS, { title: 'Only updates', type: 'TASK' });
    await org.api.patch(`${WORK_ITEMS}/${item.body.id}`, { title: 'Edited' });

    const [request] = await eventually(() => receiver.received(at(updatesPath)), { until: atLeast(1) });
    expect(request.body.event).toBe('work_item.updated');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.requests.filter(at(updatesPath))).toHaveLength(1);
    expect(receiver.requests.filter(at(inactivePath))).toHaveLength(0);
    expect((await org.api.get(`${DELIVERIES}?webhookId=${updates.id}`)).body.data).toHaveLength(1);
    expect((await org.api.get(`${DELIVERIES}?webhookId=${inactive.id}`)).body.data).toHaveLength(0);
  });

  it('retries a failing receiver: two 500s then 200 ends DELIVERED with 3 attempts and one envelope id', async () => {
    const org = await createOrganization();
    const path = pathOf('flaky');
    const hook = await createWebhook(org, `${receiver.url}${path}`);
    receiver.scriptFor(path, { status: 500, body: 'boom' }, { status: 500, body: 'boom' });
    await org.api.post(WORK_ITEMS, { title: 'Flaky', type: 'TASK' });

    const requests = await eventually(() => receiver.received(at(path)), { until: atLeast(3) });
    expect(new Set(requests.map((r) => r.body.id)).size).toBe(1);
    expect(new Set(requests.map((r) => r.raw.toString())).size).toBe(1);
    for (const r of requests) expect(verifyStandardSignature(hook.secret, r.raw, r.headers)).toBe(true);
    const [delivery] = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d[0]?.status === 'DELIVERED' });
    expect(delivery).toMatchObject({ attempts: 3, statusCode: 200, error: null });
    const detail = await org.api.get(`${DELIVERIES}/${delivery.id}`);
    expect(detail.body.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);
    expect(detail.body.attemptLog[0]).toMatchObject({ error: 'HTTP 500', responseBody: 'boom' });
  });

  it('fails after the last attempt of the schedule and records every attempt', async () => {
    const org = await createOrganization();
    const path = pathOf('down');
    receiver.scriptFor(path, ...Array.from({ length: 10 }, () => ({ status: 503, body: 'down' })));
    const hook = await createWebhook(org, `${receiver.url}${path}`);
    await org.api.post(WORK_ITEMS, { title: 'Never delivered', type: 'TASK' });
    // WEBHOOK_RETRY_SCHEDULE=1s,1s,2s in the e2e stacks: 4 attempts in about 4 s.
    const [delivery] = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d[0]?.status === 'FAILED' });
    expect(delivery).toMatchObject({ attempts: 4, statusCode: 503, nextAttemptAt: null, deliveredAt: null, error: 'HTTP 503' });
    expect(receiver.requests.filter(at(path))).toHaveLength(4);
  });

  it('honours Retry-After on 429 and 503 within the schedule', async () => {
    const org = await createOrganization();
    const path = pathOf('busy');
    // The e2e schedule is 1s,1s,2s (±20 %): without Retry-After the second attempt comes within 1.2 s.
    receiver.scriptFor(path, { status: 429, headers: { 'retry-after': '2' } }, { status: 503, headers: { 'retry-after': '3600' } });
    const hook = await createWebhook(org, `${receiver.url}${path}`);
    await org.api.post(WORK_ITEMS, { title: 'Busy receiver', type: 'TASK' });
    const [delivery] = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d[0]?.status === 'DELIVERED', timeoutMs: 20_000 });
    expect(delivery).toMatchObject({ attempts: 3, statusCode: 200 });
    const detail = await org.api.get(`${DELIVERIES}/${delivery.id}`);
    expect(detail.body.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([429, 503, 200]);
    const times = detail.body.attemptLog.map((a: { attemptedAt: string }) => Date.parse(a.attemptedAt));
    // 429 asked for 2 s: honoured. 503 asked for an hour: cut to the schedule's longest delay (2 s).
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(1900);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(1900);
    expect(times[2] - times[1]).toBeLessThan(10_000);
  }, 30_000);

  it('does not follow a redirect, not even one to itself', async () => {
    const org = await createOrganization();
    const path = pathOf('redirect');
    const other = `${path}-elsewhere`;
    receiver.replyAllFor(path, { status: 307, headers: { location: `${receiver.url}${path}` } });
    receiver.replyAllFor(other, { status: 302, headers: { location: `${receiver.url}${other}/followed` } });
    const toItself = await createWebhook(org, `${receiver.url}${path}`);
    const elsewhere = await createWebhook(org, `${receiver.url}${other}`);
    await org.api.post(WORK_ITEMS, { title: 'Redirected', type: 'TASK' });
    const [delivery] = await eventually(() => webhookDeliveriesOf(org, toItself.id), { until: (d) => d[0]?.status === 'FAILED' });
    expect(delivery).toMatchObject({ attempts: 4, statusCode: 307, error: expect.stringMatching(/redirect/) });
    // One request per attempt: the redirect was never followed back to the same URL.
    expect(receiver.requests.filter(at(path))).toHaveLength(4);
    const [redirected] = await eventually(() => webhookDeliveriesOf(org, elsewhere.id), { until: (d) => d[0]?.status === 'FAILED' });
    expect(redirected.statusCode).toBe(302);
    expect(receiver.requests.filter(at(`${other}/followed`))).toHaveLength(0);
  });

  it('disables the subscription at once when the target answers 410 Gone', async () => {
    const org = await createOrganization();
    const path = pathOf('gone');
    receiver.scriptFor(path, { status: 410 });
    const hook = await createWebhook(org, `${receiver.url}${path}`);
    await org.api.post(WORK_ITEMS, { title: 'Gone', type: 'TASK' });
    const [delivery] = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d[0]?.status === 'FAILED' });
    expect(delivery).toMatchObject({ attempts: 1, statusCode: 410 });
    const [stored] = (await org.api.get(WEBHOOKS)).body;
    expect(stored.active).toBe(false);
  });

  it('sends a real ping from POST /webhooks/{id}/test and redelivers the same envelope', async () => {
    const org = await createOrganization();
    const path = pathOf('ping');
    const hook = await createWebhook(org, `${receiver.url}${path}`);
    const test = await org.api.post(`${WEBHOOKS}/${hook.id}/test`);
    expect(test.status).toBe(200);
    expect(shapeViolations(test.body, DELIVERY_SHAPE)).toEqual([]);
    expect(test.body).toMatchObject({ webhookId: hook.id, eventType: 'ping' });
    const [ping] = await eventually(() => receiver.received(at(path)), { until: atLeast(1) });
    expect(ping.body).toMatchObject({ event: 'ping', organizationId: org.organization.id, data: { webhookId: hook.id } });
    expect(verifyContractSignature(hook.secret, ping.raw, ping.headers['x-svc-signature'] as string)).toBe(true);
    await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d[0]?.status === 'DELIVERED' });

    const again = await org.api.post(`${DELIVERIES}/${test.body.id}/redeliver`);
    expect(again.status).toBe(200);
    expect(shapeViolations(again.body, DELIVERY_SHAPE)).toEqual([]);
    expect(again.body).toMatchObject({ id: test.body.id, status: 'PENDING' });
    const both = await eventually(() => receiver.received(at(path)), { until: atLeast(2) });
    expect(both[1].body.id).toBe(both[0].body.id);
    expect(both[1].raw.equals(both[0].raw)).toBe(true);
    expect(both[1].headers['webhook-id']).toBe(both[0].headers['webhook-id']);
    const [delivery] = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d[0]?.status === 'DELIVERED' && d[0].attempts === 2 });
    expect(delivery.id).toBe(test.body.id);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const org = await createOrganization();
    const path = pathOf('rotated');
    const hook = await createWebhook(org, `${receiver.url}${path}`);
    const rotated = await org.api.post(`${WEBHOOKS}/${hook.id}/rotate-secret`);
    await org.api.post(`${WEBHOOKS}/${hook.id}/test`);
    const [request] = await eventually(() => receiver.received(at(path)), { until: atLeast(1) });
    expect((request.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expect(verifyStandardSignature(hook.secret, request.raw, request.headers)).toBe(true);
    expect(verifyStandardSignature(rotated.body.secret, request.raw, request.headers)).toBe(true);
    expect(verifyContractSignature(rotated.body.secret, request.raw, request.headers['x-svc-signature'] as string)).toBe(true);
  });

  it('pages deliveries newest first with a cursor that stays stable while new deliveries arrive', async () => {
    const org = await createOrganization();
    const hook = await createWebhook(org, `${receiver.url}${pathOf('paging')}`);
    const other = await createWebhook(org, `${receiver.url}${pathOf('paging-other')}`);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await org.api.post(`${WEBHOOKS}/${hook.id}/test`)).body.id);
    await org.api.post(`${WEBHOOKS}/${other.id}/test`);

    const first = await org.api.get(`${DELIVERIES}?webhookId=${hook.id}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((d: { id: string }) => d.id)).toEqual([ids[4], ids[3]]);
    expect(typeof first.body.nextCursor).toBe('string');
    await org.api.post(`${WEBHOOKS}/${hook.id}/test`);
    const second = await org.api.get(`${DELIVERIES}?webhookId=${hook.id}&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((d: { id: string }) => d.id)).toEqual([ids[2], ids[1]]);
    const third = await org.api.get(`${DELIVERIES}?webhookId=${hook.id}&limit=2&cursor=${second.body.nextCursor}`);
    expect(third.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], nextCursor: null });

    const all = await org.api.get(DELIVERIES);
    expect(all.body.data).toHaveLength(7);
  });

  it("isolates tenants: another organization's delivery is 404 to read and to redeliver", async () => {
    const owner = await createOrganization();
    const other = await createOrganization();
    const hook = await createWebhook(owner, `${receiver.url}${pathOf('tenant')}`);
    const delivery = (await owner.api.post(`${WEBHOOKS}/${hook.id}/test`)).body;
    expect((await other.api.get(`${DELIVERIES}/${delivery.id}`)).status).toBe(404);
    expect((await other.api.post(`${DELIVERIES}/${delivery.id}/redeliver`)).status).toBe(404);
    expect((await other.api.get(`${DELIVERIES}?webhookId=${hook.id}`)).body.data).toEqual([]);
    expect((await owner.api.get(`${DELIVERIES}/not-a-uuid`)).status).toBe(404);
    expect((await owner.api.post(`${DELIVERIES}/00000000-0000-4000-8000-000000000000/redeliver`)).status).toBe(404);
  });

  it('times out a receiver that never answers and retries it', async () => {
    const org = await createOrganization();
    const path = pathOf('slow');
    receiver.scriptFor(path, 'hang');
    const hook = await createWebhook(org, `${receiver.url}${path}`);
    await org.api.post(WORK_ITEMS, { title: 'Slow receiver', type: 'TASK' });
    const [delivery] = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d[0]?.status === 'DELIVERED', timeoutMs: 40_000 });
    expect(delivery.attempts).toBe(2);
    const detail = await org.api.get(`${DELIVERIES}/${delivery.id}`);
    expect(detail.body.attemptLog[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/timed out/) });
    expect(detail.body.attemptLog[0].latencyMs).toBeGreaterThanOrEqual(14_000);
  }, 60_000);

  it('gives up on a connection not established within 5 s and retries', async () => {
    const stalled = await startStalledListener();
    try {
      const org = await createOrganization();
      const hook = await createWebhook(org, `http://127.0.0.1:${stalled.port}/stalled`);
      await org.api.post(WORK_ITEMS, { title: 'Unreachable receiver', type: 'TASK' });
      const [delivery] = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d[0]?.attempts >= 2, timeoutMs: 30_000 });
      expect(delivery).toMatchObject({ status: 'PENDING', statusCode: null, error: expect.stringMatching(/could not connect within 5000 ms/) });
      const detail = await org.api.get(`${DELIVERIES}/${delivery.id}`);
      const [first] = detail.body.attemptLog;
      expect(first).toMatchObject({ statusCode: null, responseBody: null, error: 'could not connect within 5000 ms' });
      // The connect timeout (5 s) ended it, not the 15 s limit of a whole attempt.
      expect(first.latencyMs).toBeGreaterThanOrEqual(4900);
      expect(first.latencyMs).toBeLessThan(14_000);
    } finally {
      stalled.stop();
    }
  }, 45_000);
});
