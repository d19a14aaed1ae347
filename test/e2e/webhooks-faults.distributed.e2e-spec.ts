/**
 * Fault tests of the distributed run only (jest.config.js leaves `*.distributed.e2e-spec.ts` out of
 * standalone, which has one process and no NATS): a dispatcher killed during delivery, and NATS
 * restarted while events are produced. The system NATS and PostgreSQL are never touched: the NATS
 * test kills and restarts the isolated stack's own nats-server.
 */
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PrivateNats } from '../../tools/nats-server';
import { freePort, spawnApp, stopProcesses, waitUntilReady } from '../../tools/stack';
import { ApiClient, TestOrganization, createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { Receiver, createWebhook, webhookDeliveriesOf } from './support/receiver';
import { appEnv, describeIn, stackInfo } from './support/stack-info';

const WORK_ITEMS = '/api/v1/work-items';

async function startDispatcher(env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawnApp('webhook-dispatcher', {
    env: { ...env, PORT: String(port) },
    logFile: path.join(stackInfo().logDir, `webhook-dispatcher-${port}.log`),
  });
  await waitUntilReady(`http://127.0.0.1:${port}`, child, 60_000);
  return child;
}

function deliveredEventIds(receiverRequests: { path: string; body: { id: string } }[], at: string): Set<string> {
  return new Set(receiverRequests.filter((r) => r.path === at).map((r) => r.body.id));
}

describeIn('distributed')('webhook faults (distributed)', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
  });
  afterAll(() => receiver.stop());

  it('completes every delivery when a dispatcher is killed during delivery', async () => {
    // A second dispatcher with a short lease joins the stack's one; both share the work.
    const second = await startDispatcher({ ...appEnv(stackInfo(), 'webhook-dispatcher'), WEBHOOK_LEASE_MS: '3000' });
    try {
      const org = await createOrganization();
      const at = `/killed-${randomBytes(4).toString('hex')}`;
      receiver.replyAllFor(at, { status: 200, body: 'ok', delayMs: 1500 });
      const hook = await createWebhook(org, `${receiver.url}${at}`);
      const items = await Promise.all(Array.from({ length: 30 }, (_, i) => org.api.post(WORK_ITEMS, { title: `Item ${i}`, type: 'TASK' })));
      expect(items.every((r) => r.status === 200)).toBe(true);
      await eventually(() => receiver.received((r) => r.path === at), { until: atLeast(5) });
      second.kill('SIGKILL');
      const deliveries = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d.length === 30 && d.every((x) => x.status === 'DELIVERED'), timeoutMs: 45_000 });
      expect(deliveries).toHaveLength(30);
      expect(deliveredEventIds(receiver.requests, at).size).toBe(30);
    } finally {
      await stopProcesses([second]);
    }
  }, 90_000);

  describe('with its own NATS server', () => {
    let stack: IsolatedStack;
    let nats: PrivateNats;
    let api: ApiClient;
    let org: TestOrganization;

    beforeAll(async () => {
      stack = await startIsolatedStack({
        apps: ['api-gateway', 'delivery-intake', 'webhook-dispatcher'],
        env: { NATS_REQUEST_TIMEOUT_MS: '1500' },
      });
      nats = stack.nats as PrivateNats;
      org = await createOrganization('NATS fault', stack.url);
      api = org.api;
      // The first request to each service is slow (cold handlers, first queries); on a loaded
      // machine it can exceed the short timeout this test needs during the outage. Warm both up.
      for (const path of ['/api/v1/webhooks', WORK_ITEMS]) {
        await eventually(async () => expect((await api.get(path)).status).toBe(200), { intervalMs: 200 });
      }
    }, 120_000);

    afterAll(async () => {
      await stack?.stop();
    });

    it('loses no event when NATS restarts while events are produced', async () => {
      const at = `/nats-${randomBytes(4).toString('hex')}`;
      const hook = await createWebhook(org, `${receiver.url}${at}`);
      const created: string[] = [];
      let restarted = false;
      let afterRestart = 0;
      // Produces throughout: before the outage, during it (requests fail fast with 503 and write
      // nothing), and after it until ten more work items were created.
      const producer = (async () => {
        const deadline = Date.now() + 60_000;
        for (let i = 0; afterRestart < 10 && Date.now() < deadline; i++) {
          const response = await api.post(WORK_ITEMS, { title: `Across restart ${i}`, type: 'TASK' }).catch(() => undefined);
          if (response?.status === 200) {
            created.push(response.body.id);
            if (restarted) afterRestart += 1;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      await eventually(() => created, { until: atLeast(5), intervalMs: 50 });
      await nats.kill();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await nats.start();
      restarted = true;
      await producer;
      expect(afterRestart).toBe(10);
      await eventually(() => webhookDeliveriesOf(org, hook.id), { until: (d) => d.length >= created.length && d.every((x) => x.status === 'DELIVERED'), timeoutMs: 60_000 });
      const received = new Set(receiver.requests.filter((r) => r.path === at).map((r) => r.body.data.id as string));
      expect(created.filter((id) => !received.has(id))).toEqual([]);
    }, 120_000);
  });
});
