import { AuthContext, EventType, Role, WebhookDeliveryPage, WebhookSubjects } from '@pds/contracts';
import { EventPublisher, buildEnvelope } from '@pds/messaging';
import { TestContext, createTestContext } from '@pds/runtime/testing';
import { generateSecretKey } from '@pds/secrets';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookSettings, dispatcherOptionsFrom } from '../common/dispatcher.options';
import { WebhookDispatcherModule } from '../webhook-dispatcher.module';

/**
 * A worker at its concurrency limit leaves new rows unclaimed; they must go out as soon as an
 * attempt ends, not at the next poll (set to a minute here, so the poll cannot be what sends them).
 */
describe('delivery worker at its concurrency limit', () => {
  let ctx: TestContext;
  let server: http.Server;
  let url: string;
  const holds: (() => void)[] = [];
  const arrived: string[] = [];
  const auth: AuthContext = { organizationId: randomUUID(), userId: randomUUID(), role: Role.ADMIN, keyId: randomUUID() };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        arrived.push(req.url ?? '');
        // The first delivery is held until the test lets it go; the rest are answered at once.
        if (arrived.length === 1) holds.push(() => res.writeHead(200).end());
        else res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const settings = Object.assign(new WebhookSettings(), {
      WEBHOOK_ALLOW_PRIVATE_TARGETS: true,
      WEBHOOK_CONCURRENCY: 1,
      WEBHOOK_POLL_INTERVAL_MS: 60_000,
    });
    ctx = await createTestContext([WebhookDispatcherModule.forRoot(dispatcherOptionsFrom(settings, generateSecretKey()))]);
  });
  afterAll(async () => {
    holds.splice(0).forEach((release) => release());
    await ctx.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends rows it could not claim at insert as soon as an attempt ends', async () => {
    const hook = await ctx.bus.request(WebhookSubjects.create, {
      auth,
      body: { url: `${url}/hook`, events: [EventType.WorkItemCreated] },
    });
    const emit = () => ctx.app.get(EventPublisher).publish([buildEnvelope(EventType.WorkItemCreated, auth.organizationId, { id: randomUUID() })]);
    await emit();
    while (arrived.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // The only slot is busy: these two rows are stored unclaimed.
    await emit();
    await emit();
    const [row] = await ctx.db.sql.query<{ unclaimed: number }>(
      `SELECT count(*)::int AS unclaimed FROM webhooks.deliveries WHERE webhook_id = $1 AND lease_until IS NULL AND status = 'PENDING'`,
      [hook.id],
    );
    expect(row.unclaimed).toBe(2);

    holds.splice(0).forEach((release) => release());
    const deadline = Date.now() + 5_000;
    let page: WebhookDeliveryPage;
    do {
      await new Promise((resolve) => setTimeout(resolve, 20));
      page = await ctx.bus.request(WebhookSubjects.listDeliveries, { auth, query: { webhookId: hook.id } });
    } while (page.data.some((d) => d.status !== 'DELIVERED') && Date.now() < deadline);
    expect(page.data.map((d) => d.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
    expect(arrived).toHaveLength(3);
  });
});
