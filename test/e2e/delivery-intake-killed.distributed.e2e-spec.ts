/**
 * delivery-intake killed with SIGKILL while work items are being created (distributed run only):
 * nothing is half-written, and every create the client saw acknowledged is stored and has its
 * `work_item.created` event.
 */
import { createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { Receiver, createWebhook } from './support/receiver';
import { describeIn } from './support/stack-info';

describeIn('distributed')('delivery-intake killed mid-write (distributed)', () => {
  let stack: IsolatedStack;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await Receiver.start();
    stack = await startIsolatedStack({ apps: ['api-gateway', 'delivery-intake', 'webhook-dispatcher'], env: { NATS_REQUEST_TIMEOUT_MS: '3000' } });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    receiver?.stop();
  });

  it('keeps every acknowledged create, writes nothing half-way and loses no event', async () => {
    const org = await createOrganization(undefined, stack.url);
    await createWebhook(org, `${receiver.url}/killed`, ['work_item.created']);
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let running = true;
    const worker = async (n: number) => {
      for (let i = 0; running; i += 1) {
        const response = await org.api.post('/api/v1/work-items', { title: `Load ${n}-${i}`, type: 'TASK' });
        if (response.status === 200) acknowledged.push(response.body.id);
        else refused.push(response.status);
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, n) => worker(n)));
    await eventually(() => acknowledged, { until: atLeast(30), intervalMs: 10 });
    await stack.kill('delivery-intake');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await stack.start('delivery-intake');
    const restartedAt = acknowledged.length;
    await eventually(() => acknowledged, { until: atLeast(restartedAt + 20), intervalMs: 10 });
    running = false;
    await load;

    // While it was down the gateway answered 503 (no service, or no answer in time), never 500.
    expect(refused.every((status) => status === 503)).toBe(true);
    const stored = (await org.api.get('/api/v1/work-items?limit=500')).body as { id: string; key: string }[];
    const storedIds = new Set(stored.map((w) => w.id));
    for (const id of acknowledged) expect(storedIds.has(id)).toBe(true);
    // Nothing half-written: every stored item is whole, and keys have no duplicates.
    expect(new Set(stored.map((w) => w.key)).size).toBe(stored.length);
    for (const item of stored) expect((await org.api.get(`/api/v1/work-items/${item.id}`)).status).toBe(200);
    // Every stored item (acknowledged or cut off before its answer) has exactly its one event.
    const events = await eventually(() => receiver.received((r) => r.path === '/killed'), { until: atLeast(stored.length), timeoutMs: 60_000 });
    expect(new Set(events.map((r) => r.body.data.id))).toEqual(storedIds);
  }, 180_000);
});
