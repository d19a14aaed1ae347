/**
 * SSRF protection over HTTP. The shared e2e stacks allow private targets (their receivers listen on
 * 127.0.0.1), so this runs a stack of its own without WEBHOOK_ALLOW_PRIVATE_TARGETS: a second
 * standalone process, or a gateway and a dispatcher on their own database in the distributed run.
 * It starts with private targets allowed, creates one subscription to the local receiver, and
 * restarts with them refused: that subscription then shows the check made at every attempt.
 */
import { Json, TestOrganization, createOrganization } from './support/client';
import { eventually } from './support/eventually';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { DELIVERIES, Receiver, WEBHOOKS, createWebhook, webhookDeliveriesOf } from './support/receiver';
import { SSRF_URLS } from '../../apps/webhook-dispatcher/src/security/ssrf-forms.fixture';

describe('webhook SSRF protection (private targets not allowed)', () => {
  let receiver: Receiver;
  let stack: IsolatedStack;
  let earlier: { org: TestOrganization; hook: Json; path: string };

  beforeAll(async () => {
    receiver = await Receiver.start();
    stack = await startIsolatedStack({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    const org = await createOrganization(undefined, stack.url);
    const path = '/allowed-before';
    earlier = { org, path, hook: await createWebhook(org, `${receiver.url}${path}`, ['work_item.created']) };
    await stack.restart({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
  });

  it.each(SSRF_URLS)('refuses %s with 400 and a reason, writing nothing', async (url) => {
    const org = await createOrganization(undefined, stack.url);
    const response = await org.api.post(WEBHOOKS, { url, events: ['work_item.created'] });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'BadRequest', details: { url: [expect.stringMatching(/not allowed/)] } });
    expect((await org.api.get(WEBHOOKS)).body).toEqual([]);
  });

  it('refuses a private url on update and keeps the public one', async () => {
    const org = await createOrganization(undefined, stack.url);
    const hook = await org.api.post(WEBHOOKS, { url: 'https://93.184.216.34/hook', events: ['ckr.created'] });
    expect(hook.status).toBe(200);
    const response = await org.api.patch(`${WEBHOOKS}/${hook.body.id}`, { url: 'http://[::ffff:127.0.0.1]:8080/' });
    expect(response.status).toBe(400);
    expect(response.body.details.url[0]).toBe('target address ::ffff:7f00:1 is not allowed (loopback, IPv4-mapped 127.0.0.1)');
    expect((await org.api.get(WEBHOOKS)).body[0].url).toBe('https://93.184.216.34/hook');
  });

  it('checks the target again at every attempt: each attempt fails naming the address, no connection is made', async () => {
    const { org, hook, path } = earlier;
    const ping = await org.api.post(`${WEBHOOKS}/${hook.id}/test`);
    expect(ping.status).toBe(200);
    // The e2e schedule (1s,1s,2s) gives four attempts; every one is refused before connecting.
    const [delivery] = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d[0]?.status === 'FAILED', timeoutMs: 30_000 });
    expect(delivery).toMatchObject({ attempts: 4, statusCode: null, error: expect.stringMatching(/127\.0\.0\.1 is not allowed \(loopback\)/) });
    const detail = await org.api.get(`${DELIVERIES}/${delivery.id}`);
    expect(detail.body.attemptLog).toHaveLength(4);
    for (const attempt of detail.body.attemptLog) {
      expect(attempt).toMatchObject({ statusCode: null, error: expect.stringMatching(/127\.0\.0\.1 is not allowed/) });
    }
    expect(receiver.requests.filter((r) => r.path === path)).toEqual([]);
  }, 45_000);
});
