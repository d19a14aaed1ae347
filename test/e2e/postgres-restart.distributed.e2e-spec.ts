/**
 * PostgreSQL restarted under load (distributed run only; the test's own server, never the shared
 * one): requests during the outage fail fast with 503, every app recovers by itself once the
 * database is back, and no acknowledged write loses its event.
 */
import { createScratchDatabase } from '../../tools/stack';
import { TestOrganization, createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { PrivatePostgres, startPrivatePostgres } from './support/private-postgres';
import { Receiver, createWebhook } from './support/receiver';
import { describeIn } from './support/stack-info';

const REQUEST_TIMEOUT_MS = 3000;

describeIn('distributed')('PostgreSQL restarted under load (distributed)', () => {
  let postgres: PrivatePostgres;
  let stack: IsolatedStack;
  let receiver: Receiver;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    const database = await createScratchDatabase(postgres.adminUrl, 'pds_restart');
    receiver = await Receiver.start();
    stack = await startIsolatedStack({
      apps: ['api-gateway', 'delivery-intake', 'webhook-dispatcher'],
      env: { DATABASE_URL: database.url, NATS_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), API_KEY_CACHE_TTL_MS: '0' },
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    receiver?.stop();
    await postgres?.remove();
  });

  it('answers 503 during the outage, recovers without a restart, and loses no event', async () => {
    const org: TestOrganization = await createOrganization(undefined, stack.url);
    await createWebhook(org, `${receiver.url}/restart`, ['work_item.created']);
    const acknowledged: string[] = [];
    const create = async (title: string) => {
      const started = Date.now();
      const response = await org.api.post('/api/v1/work-items', { title, type: 'TASK' });
      if (response.status === 200) acknowledged.push(response.body.id);
      return { status: response.status, error: response.body?.error, ms: Date.now() - started };
    };
    for (let i = 0; i < 5; i += 1) expect((await create(`Before ${i}`)).status).toBe(200);

    await postgres.stop();
    const during = await Promise.all(Array.from({ length: 12 }, (_, i) => create(`During ${i}`)));
    for (const outcome of during) {
      expect(outcome).toMatchObject({ status: 503, error: 'ServiceUnavailable' });
      expect(outcome.ms).toBeLessThan(REQUEST_TIMEOUT_MS + 2000);
    }
    const read = await org.api.get('/api/v1/work-items');
    expect(read.status).toBe(503);

    await postgres.start();
    let tries = 0;
    await eventually(async () => expect(await create(`After ${tries++}`)).toMatchObject({ status: 200 }), { intervalMs: 500, what: 'a create after the restart' });
    for (let i = 0; i < 5; i += 1) expect((await create(`Later ${i}`)).status).toBe(200);
    expect((await org.api.get('/api/v1/work-items?limit=500')).body.map((w: { id: string }) => w.id).sort()).toEqual([...acknowledged].sort());

    // Every acknowledged create has its event: the outbox held them through the outage.
    const delivered = await eventually(() => receiver.received((r) => r.path === '/restart'), { until: atLeast(acknowledged.length), timeoutMs: 60_000 });
    expect(new Set(delivered.map((r) => r.body.data.id))).toEqual(new Set(acknowledged));
  }, 180_000);
});
